import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorBody } from '@concejo/contracts';
import { BodyTimeout } from './errors.js';

/**
 * A time limit on every request body (DESIGN.md section 8: "every connection has a time limit for its
 * headers and its body"). Node limits the headers (headersTimeout); nothing limited a body that stops
 * half-way, and 720 of them held a server's 700 open files.
 *
 * A body is cut when no byte of it has arrived for `idleMs` (BODY_IDLE_SECONDS), or when it arrives
 * slower on average than `minBytesPerSecond` (BODY_MIN_BYTES_PER_SECOND): by then it must have taken
 * no longer than `idleMs` plus one second per `minBytesPerSecond` bytes received (Apache's
 * mod_reqtimeout MinRate). So a 20 MB PDF from a phone at 2G speeds (a few KB/s) finishes, and a
 * trickle of a byte now and then does not hold a connection for long. Why not Node's own limits:
 * `requestTimeout` is one fixed total for the whole request, which would have to allow the slowest
 * 20 MB upload (hours) to every stalled login form; a socket timeout (`connectionTimeout`) sees only
 * silence, never a trickle, and closes without an answer.
 *
 * A cut request is answered 408 with `Connection: close` (lib/errors.ts BodyTimeout) by what is
 * reading its body, the app's error handler shaping it: the multipart reader (whose spooled files are
 * removed before the answer, lib/multipart.ts) or Fastify's JSON parser. The timeout reaches them as
 * an 'error' of the request, which stays open for the answer. A body nobody reads yet is answered here;
 * one whose answer has already gone (Node reading the rest to reuse the connection) is just closed.
 * Either way the connection is destroyed within CLOSE_GRACE_MS.
 *
 * Progress is the body's bytes as Node's HTTP parser hands them to the request (its `push`, counted on
 * the way: the socket's own count would also hold the headers, and the body that came in the same
 * read as them before the request was seen), checked once a second by one timer for all open bodies.
 * A request the app holds (bytes it received and has not read yet, while its disk or parser catches
 * up) is not idle: the server, not the client, is behind.
 */

export interface BodyLimits {
  /** A body from which nothing arrives this long is cut. */
  idleMs: number;
  /** Past `idleMs`, a body must average at least this; 0: only the idle limit. */
  minBytesPerSecond: number;
}

/** After a cut, the connection is destroyed at the latest this much later (the 408 has long been written). */
const CLOSE_GRACE_MS = 10_000;

interface Watched {
  request: IncomingMessage;
  response: ServerResponse;
  socket: Socket;
  started: number;
  /** The body's bytes received so far, and at the last check. */
  received: number;
  seen: number;
  lastProgress: number;
}

function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Watches the body of every request `server` receives; answers how many are being watched (for tests). */
export function watchBodies(server: Server, limits: BodyLimits, log: FastifyBaseLogger) {
  const watched = new Set<Watched>();
  const sweepMs = Math.min(1_000, limits.idleMs / 5);
  let timer: NodeJS.Timeout | undefined;

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!hasBody(request) || request.complete) return;
    const now = performance.now();
    const watch: Watched = { request, response, socket: request.socket, started: now, received: 0, seen: 0, lastProgress: now };
    // The parser's own call (_http_common.js parserOnBody); the rest of this chunk's body comes after this event.
    const push = request.push;
    request.push = function countedPush(this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding) {
      if (chunk) watch.received += (chunk as Buffer).length;
      return push.call(this, chunk, encoding);
    };
    watched.add(watch);
    timer ??= setInterval(sweep, sweepMs).unref();
  });
  server.on('close', () => {
    clearInterval(timer);
    timer = undefined;
  });

  function sweep(): void {
    const now = performance.now();
    for (const watch of watched) {
      if (watch.request.complete || watch.socket.destroyed) {
        watched.delete(watch);
        continue;
      }
      if (watch.received > watch.seen || watch.request.readableLength > 0) {
        watch.seen = watch.received;
        watch.lastProgress = now;
      }
      const idle = now - watch.lastProgress > limits.idleMs;
      const slow = limits.minBytesPerSecond > 0 && now - watch.started > limits.idleMs + (watch.received * 1000) / limits.minBytesPerSecond;
      if (!idle && !slow) continue;
      watched.delete(watch);
      cut(watch, idle ? 'stopped' : 'too slow', now);
    }
    if (watched.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  function cut({ request, response, socket, started, received }: Watched, reason: string, now: number): void {
    log.info({ address: socket.remoteAddress, method: request.method, received, seconds: Math.round((now - started) / 1000), reason }, 'request body timed out: 408 and the connection closed');
    const destroy = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
    socket.once('close', () => clearTimeout(destroy));
    if (response.headersSent) {
      socket.destroy();
    } else if (request.listenerCount('error') > 0) {
      request.emit('error', new BodyTimeout());
    } else {
      const error = new BodyTimeout();
      const body = JSON.stringify({ message: error.message, errors: error.errors, requestId: randomUUID() } satisfies ErrorBody);
      response.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), ...error.headers });
      response.end(body);
    }
  }

  return {
    get watching(): number {
      return watched.size;
    },
  };
}
