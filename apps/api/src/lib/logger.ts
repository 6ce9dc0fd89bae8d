import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

/** What stands in a log line where a secret was. */
export const REDACTED = '[oculto]';

/** Query parameters that carry credentials: link signatures, tokens, e-mail hashes. `expires` stays. */
const SECRET_PARAMETERS = new Set(['signature', 'token', 'hash']);

/**
 * Path segments that are credentials: the e-mail verification link's hash, the reset page's token
 * (`/password-reset/:token`) and the subscriptions' tokens. Matched anywhere in the path, in any case
 * and after repeated slashes, so that a variant of the URL cannot slip its secret into the log.
 */
const SECRET_SEGMENTS = [
  /(\/email\/+verify\/+[^/?#]*\/+)[^/?#]+/gi,
  /(\/password-reset\/+)[^/?#]+/gi,
  /(\/subscriptions\/+(?:confirm|unsubscribe)\/+)[^/?#]+/gi,
];

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')).trim().toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** A request URL as it may be logged: secret path segments and query values replaced by REDACTED. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of SECRET_SEGMENTS) pathname = pathname.replace(pattern, `$1${REDACTED}`);
  if (queryAt === -1) return pathname;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${pathname}?${query}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number } | null;
}

/**
 * Fastify's request serializer without its secrets: the URL redacted, no headers at all (so neither
 * `Authorization` nor cookies), the client address as TRUST_PROXY sees it.
 */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fields that would carry a credential, redacted wherever some code passes them to the log: headers,
 * tokens, links, passwords. Together with the request serializer, what keeps secrets out of log lines.
 */
const SAFE_LOGGING = {
  serializers: { req: serializeRequest },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'headers.authorization',
      'headers.cookie',
      // @fastify/multipart logs the options it gives busboy, request headers included, at trace level.
      '*.headers.authorization',
      '*.headers.cookie',
      'authorization',
      'cookie',
      'token',
      'link',
      'signature',
      'password',
      '*.token',
      '*.link',
      '*.signature',
      '*.password',
    ],
    censor: REDACTED,
  },
};

/** The process's logger: JSON lines (pino), secrets redacted. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, ...SAFE_LOGGING }, destination);
}

/** Any logger the app is given, with the same redaction: a test's or an embedder's logger cannot leak either. */
export function withoutSecrets(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child({}, SAFE_LOGGING);
}
