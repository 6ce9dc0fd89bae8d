import net from 'node:net';

/**
 * Requests written over a plain socket (node:net), so that a test decides when each byte of the body
 * goes, and when it stops: uploads that pause, trickle or stop halfway.
 */

export const BOUNDARY = 'LimiteDelFormularioSpool7MA4YWxkTrZu0gW';
const part = (headers: string, value: Buffer) => Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`), value, Buffer.from('\r\n')]);
const textPart = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, Buffer.from(value));
/** A file part named as an attacker would: the name must never reach the disk. */
const filePart = (name: string, value: Buffer) => part(`Content-Disposition: form-data; name="${name}"; filename="../../../../tmp/ordenanza.pdf"\r\nContent-Type: application/pdf`, value);

/** A new ordinance in process with its process PDF, as a multipart body with BOUNDARY (the file is the last part, so a pause falls inside it). */
export function regulationForm(pdf: Buffer): Buffer {
  return Buffer.concat([textPart('type', 'ordinance'), textPart('subject', 'Ordenanza con un PDF grande'), textPart('authors[]', 'Ana'), filePart('pdf_process', pdf), Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** The answer's JSON body: an error's, or what was created. */
  body: { message?: string; errors?: Record<string, string[]>; pdf_process?: string; requestId?: string };
}

export interface RawRequest {
  socket: net.Socket;
  /** The server's whole answer; rejected if the connection closes before it is whole. */
  answer: Promise<RawAnswer>;
  /** Resolves once the connection is closed, by either side. */
  closed: Promise<void>;
  /** Writes the body up to that byte (64 KB at a time, as the socket takes them); resolves once the socket has taken it. */
  send: (upTo?: number) => Promise<void>;
  abort: () => void;
}

/**
 * Opens a connection to `base` (http://host:port), from `localAddress` when given (another loopback
 * address: another client), and writes the request's head; its body goes with `send`.
 */
export async function rawRequest(options: { base: string; method?: string; path: string; headers: Record<string, string>; body: Buffer; localAddress?: string }): Promise<RawRequest> {
  const { hostname, port } = new URL(options.base);
  const socket = net.connect({ port: Number(port), host: hostname, localAddress: options.localAddress });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  // A server that answers before reading everything may close while this side still writes.
  socket.on('error', () => undefined);
  let received = Buffer.alloc(0);
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.slice(1).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length']);
      if (received.length < end + 4 + length) return;
      resolve({ status: Number(lines[0]!.split(' ')[1]), headers, body: JSON.parse(received.subarray(end + 4, end + 4 + length).toString('utf8')) as RawAnswer['body'] });
    });
    socket.on('close', () => reject(new Error(`the connection closed without a whole answer (${received.length} bytes received)`)));
  });
  answer.catch(() => undefined);
  const head = [`${options.method ?? 'POST'} ${options.path} HTTP/1.1`, `host: ${hostname}:${port}`, ...Object.entries(options.headers).map(([name, value]) => `${name}: ${value}`), `content-length: ${options.body.length}`, '', ''].join('\r\n');
  socket.write(head);
  let sent = 0;
  return {
    socket,
    answer,
    closed,
    async send(upTo = options.body.length) {
      while (sent < upTo && !socket.destroyed) {
        const slice = options.body.subarray(sent, Math.min(upTo, sent + 64 * 1024));
        sent += slice.length;
        if (!socket.write(slice)) await drained(socket);
      }
    },
    abort: () => socket.destroy(),
  };
}

/** Until the socket takes more, or closes. */
function drained(socket: net.Socket) {
  return new Promise<void>((resolve) => {
    const done = () => {
      socket.off('drain', done).off('close', done);
      resolve();
    };
    socket.on('drain', done).on('close', done);
  });
}
