import fs from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A received message, decoded: what a person's mail reader would show. */
export interface ReadMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The http(s) links of the plain-text part, in order. */
  links: string[];
  /** The message's own headers (not its parts'), by lower-case name, decoded. */
  headers: Map<string, string>;
}

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function leafParts(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(splitPart(chunk.replace(/^\n/, ''))));
}

/** Decodes a raw RFC 5322 message (as an SMTP server receives it or as the outbox stores it). */
export function readMail(raw: string): ReadMail {
  const message = splitPart(raw);
  const parts = leafParts(message);
  const partOf = (type: string) => parts.find((part) => (part.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type));
  const text = partOf('text/plain');
  const html = partOf('text/html');
  const plain = text ? decodeBody(text) : '';
  return {
    from: decodeHeader(message.headers.get('from') ?? ''),
    to: decodeHeader(message.headers.get('to') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: plain,
    html: html ? decodeBody(html) : '',
    links: [...plain.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]),
    headers: new Map([...message.headers].map(([name, value]) => [name, decodeHeader(value)])),
  };
}

/** The addresses a message written by a sink with `keepIn` was delivered to. */
export const envelopeOf = (mail: ReadMail): string[] => (mail.headers.get(ENVELOPE_HEADER.toLowerCase()) ?? '').split(', ').filter(Boolean);

/** The messages of an outbox folder (no SMTP_URL), oldest first. */
export async function readOutbox(dir: string): Promise<ReadMail[]> {
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => readMail(await fs.readFile(path.join(dir, file), 'utf8'))));
}

/** The header a sink adds to each message it writes down: the addresses of its envelope. */
const ENVELOPE_HEADER = 'X-Envelope-To';

/**
 * A real SMTP server on localhost that keeps what it receives, for tests that go through nodemailer's
 * SMTP transport. No TLS and no login: it only ever listens on the loopback interface. With `keepIn`,
 * each message is also written to that folder (as readOutbox reads it, its envelope in a header of its
 * own), for readers in other processes (the e2e specs, e2e/support/smtp.ts).
 */
export async function startSmtpSink(port = 0, { keepIn }: { keepIn?: string } = {}) {
  let written = 0;
  const received: (ReadMail & { envelopeTo: string[] })[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        received.push({ ...readMail(raw), envelopeTo });
        if (!keepIn) return callback();
        // Written whole under a temporary name, then renamed: a reader never sees half a message.
        const file = path.join(keepIn, `${String((written += 1)).padStart(6, '0')}.eml`);
        fs.writeFile(`${file}.part`, `${ENVELOPE_HEADER}: ${envelopeTo.join(', ')}\r\n${raw}`)
          .then(() => fs.rename(`${file}.part`, file))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // Once listening, an error is a client's connection failing (a server killed mid-message, as the
  // crash tests do on purpose): smtp-server reports it on the server, where without a listener it
  // would be an uncaught exception failing whichever test runs then. The message it carried was not
  // accepted, so the sender retries it: nothing is lost by going on.
  server.on('error', () => undefined);
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    received,
    /** The messages sent to an address (case-insensitive). */
    to: (email: string) => received.filter((mail) => mail.envelopeTo.some((rcpt) => rcpt.toLowerCase() === email.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
