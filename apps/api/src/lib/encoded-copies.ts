import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The compressions a kept answer is sent with, in the order preferred when the client takes both. */
export type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (text: string | Buffer) => Promise<Buffer>> = {
  br: (text) => promisify(brotliCompress)(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } }),
  gzip: (text) => promisify(gzip)(text, { level: 6 }),
};

/**
 * The encoding to send for this Accept-Encoding header: br, else gzip, else null (as it is). A coding
 * the client refuses (`q=0`) is not chosen, nor is one it does not name; `*` takes br.
 */
export function preferredEncoding(accepted: string | undefined): Encoding | null {
  if (!accepted) return null;
  const weights = new Map<string, number>();
  for (const part of accepted.split(',', 20)) {
    const [name = '', ...parameters] = part.split(';');
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(parameter)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    weights.set(name.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a))[0];
  return best ?? null;
}

/**
 * Compressed copies of texts that are sent many times (a rendered page, a kept search answer), made
 * once per owner (the object the text belongs to) and encoding, when first asked for; they go with
 * their owner when it is dropped.
 */
export function createEncodedCopies<Owner extends object>(textOf: (owner: Owner) => string | Buffer) {
  const copies = new WeakMap<Owner, Map<Encoding, Promise<Buffer>>>();
  return (owner: Owner, encoding: Encoding): Promise<Buffer> => {
    let made = copies.get(owner);
    if (!made) copies.set(owner, (made = new Map()));
    let copy = made.get(encoding);
    if (!copy) {
      copy = compressors[encoding](textOf(owner));
      made.set(encoding, copy);
      // A failure is not kept: the next request tries again.
      copy.catch(() => made.delete(encoding));
    }
    return copy;
  };
}
