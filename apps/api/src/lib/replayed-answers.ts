import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type RequestListener, type ServerOptions, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyServerOptions } from 'fastify';

/** What a replayed answer's access line says, as Fastify's would (lib/logger.ts's AccessLog). */
export interface ReplayedRequest {
  id: string;
  request: IncomingMessage;
  statusCode: number;
  /** Milliseconds from the request's arrival to its answer. */
  responseTime: number;
}

interface Kept {
  /** Header names and values as one flat list (what writeHead takes fastest), without the request id and length. */
  headers: string[];
  body: Buffer;
  /** Whether the answer still holds (the cache that gave it still gives it): checked before each replay. */
  holds: () => Promise<boolean>;
}

/** The Server-Timing of a replayed answer: a cache hit, sent as kept (the benches count it as a hit). */
const REPLAY_TIMING = 'cache;desc="hit", replay';

/**
 * Answers replayed ahead of Fastify. A public GET answered from an answer cache (lib/answer-cache.ts)
 * is kept as Fastify sent it, its final headers and body, by its exact URL and Accept-Encoding; the
 * next request for the same URL with the same Accept-Encoding is answered from the HTTP server's
 * request listener, without Fastify's routing, hooks, validation and reply, once the cache says
 * (after the same check of the change feed a cache hit makes) that it still holds that answer. Each
 * replay gets its own request id and, at `info`, the same access line as any request.
 *
 * Why: a repeated search cost ~55 us of CPU per request through Fastify, against ~30 us for node:http
 * serving the same bytes; replayed, ~35 us (ARCHITECTURE, "Replayed answers").
 *
 * Anything else goes to Fastify as before: other methods (HEAD included), a conditional request
 * (If-None-Match: Fastify answers 304), a request with a body, a URL or encoding not kept, an answer the
 * cache no longer holds (a change, its TTL) or cannot vouch for (its change feed behind or down),
 * and every request once the app is closing (Fastify answers those 503).
 */
export function createReplayedAnswers(options: { maxEntries: number; logCompleted: (replayed: ReplayedRequest) => void }) {
  const kept = new Map<string, Kept>();
  let closing = false;

  const keyOf = (request: IncomingMessage) => `${request.headers['accept-encoding'] ?? ''}\n${request.url ?? ''}`;

  function replayable(request: IncomingMessage): boolean {
    const headers = request.headers;
    return (
      !closing &&
      request.method === 'GET' &&
      headers['if-none-match'] === undefined &&
      headers['transfer-encoding'] === undefined &&
      (headers['content-length'] === undefined || headers['content-length'] === '0')
    );
  }

  function replay(request: IncomingMessage, response: ServerResponse, answer: Kept, arrived: number): void {
    const id = randomUUID();
    response.writeHead(200, [...answer.headers, 'server-timing', REPLAY_TIMING, 'x-request-id', id, 'content-length', String(answer.body.length)]);
    response.end(answer.body);
    options.logCompleted({ id, request, statusCode: 200, responseTime: performance.now() - arrived });
  }

  return {
    /**
     * Keeps what Fastify is sending for `request` (a 200 GET answered from a cache), while `holds`
     * says so. `headers` are the reply's final ones (reply.getHeaders() in the route's own onSend hook,
     * which runs after every other).
     */
    keep(request: IncomingMessage, headers: Record<string, string | number | readonly string[] | undefined>, body: Buffer, holds: () => Promise<boolean>): void {
      if (!replayable(request)) return;
      const flat: string[] = [];
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined || name === 'x-request-id' || name === 'content-length' || name === 'server-timing') continue;
        for (const one of Array.isArray(value) ? value : [value]) flat.push(name, String(one));
      }
      const key = keyOf(request);
      kept.delete(key);
      kept.set(key, { headers: flat, body, holds });
      // The oldest kept first out: a URL repeated lately is kept again by its next answer.
      while (kept.size > options.maxEntries) kept.delete(kept.keys().next().value!);
    },

    /** The HTTP server's request listener: a kept answer that still holds, or Fastify's `handler`. */
    listener(handler: RequestListener): RequestListener {
      return (request, response) => {
        const answer = replayable(request) ? kept.get(keyOf(request)) : undefined;
        if (!answer) return handler(request, response);
        const arrived = performance.now();
        void answer
          .holds()
          .then(
            (holds) => holds && !closing,
            () => false,
          )
          .then((replaying) => {
            if (!replaying) {
              if (kept.get(keyOf(request)) === answer) kept.delete(keyOf(request));
              return handler(request, response);
            }
            try {
              replay(request, response, answer, arrived);
            } catch (error) {
              if (response.headersSent) response.destroy(error as Error);
              else handler(request, response);
            }
          });
      };
    },

    /** Drops every kept answer (a change to public content: none of them would hold, and each keeps its bytes alive). */
    forget(): void {
      kept.clear();
    },

    /** From now on every request goes to Fastify, which answers 503 while it closes. */
    close(): void {
      closing = true;
      kept.clear();
    },

    get size(): number {
      return kept.size;
    },
  };
}

export type ReplayedAnswers = ReturnType<typeof createReplayedAnswers>;

/**
 * Fastify's HTTP server (what it makes without a serverFactory: lib/server.js), whose request listener
 * first offers each request to the replayed answers.
 */
export function replayingServer(replays: ReplayedAnswers): NonNullable<FastifyServerOptions['serverFactory']> {
  return (handler, given) => {
    // Fastify's options with its defaults applied (fastify.js), as it gives them to a serverFactory.
    const options = given as { http?: ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket: number };
    const server = http.createServer(options.http ?? {}, replays.listener(handler as RequestListener));
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
