import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type Level, type Logger } from 'pino';

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

/** Whether the logger writes lines at `level` (true for a logger that cannot tell). */
export function logsAt(logger: FastifyBaseLogger, level: Level): boolean {
  const { isLevelEnabled } = logger as Partial<Logger>;
  return typeof isLevelEnabled === 'function' ? isLevelEnabled.call(logger, level) : true;
}

/** The process's logger: JSON lines (pino), secrets redacted. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, ...SAFE_LOGGING }, destination);
}

/** Any logger the app is given, with the same redaction: a test's or an embedder's logger cannot leak either. */
export function withoutSecrets(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child({}, SAFE_LOGGING);
}

const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * A request's logger, made only when the request logs something at an enabled level. Fastify gives
 * every request a child logger carrying its id; with our redaction, pino's child took about 8 % of a
 * cached answer's CPU in a profile of the built server under load (it serializes and redacts its
 * bindings at once), and most requests log nothing beyond their access line. Levels below the
 * parent's stay no-ops, as in pino.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;
  readonly fatal: FastifyBaseLogger['fatal'];
  readonly error: FastifyBaseLogger['error'];
  readonly warn: FastifyBaseLogger['warn'];
  readonly info: FastifyBaseLogger['info'];
  readonly debug: FastifyBaseLogger['debug'];
  readonly trace: FastifyBaseLogger['trace'];
  readonly silent: FastifyBaseLogger['silent'] = () => undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {
    const [fatal, error, warn, info, debug, trace] = LEVELS.map((level) =>
      parent.isLevelEnabled(level) ? (((...args: Parameters<FastifyBaseLogger['info']>) => this.made()[level](...args)) as FastifyBaseLogger['info']) : this.silent,
    );
    this.fatal = fatal!;
    this.error = error!;
    this.warn = warn!;
    this.info = info!;
    this.debug = debug!;
    this.trace = trace!;
  }

  private made(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy child (above) for a pino parent at its own level; pino's child
 * otherwise (a route with its own log level or serializers, another logger).
 */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const parent = logger as Partial<Logger>;
  if (typeof parent.isLevelEnabled !== 'function' || options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new LazyChildLogger(logger as Logger, bindings, options);
}

/**
 * Fastify's own request log lines, as one access line per request: no "incoming request" line, and the
 * "request completed" line (or "request errored") with the request itself (method, URL redacted,
 * client address), the status, the time and the request id. Fastify's other lines are unchanged.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
