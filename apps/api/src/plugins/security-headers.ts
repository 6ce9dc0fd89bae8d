import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { VIDEO_EMBED_ORIGIN } from '@concejo/contracts';

/** The policy of an answer no browser renders as a page of ours: it may load nothing and be framed by nobody. */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

/**
 * Headers that only mean something on a document (a page the browser renders, frames or navigates
 * to). On a script, a style sheet, a font or a picture they are bytes for nothing: the page that
 * loads the file applies its own policy. `referrer-policy` included: the browser's default is the
 * same `strict-origin-when-cross-origin`, so a style sheet's own requests (its fonts) send the same.
 */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Files a page loads and a browser never runs as a page: no script of theirs can act on a document. */
const SUBRESOURCE_TYPES = new Set([
  'text/javascript',
  'application/javascript',
  'text/css',
  'application/wasm',
  'application/manifest+json',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/**
 * How a browser may use an answer, from its content type: a `subresource` (script, style, font,
 * raster image) keeps only nosniff and the cross-origin resource policy; `data` (JSON) gets a CSP that
 * allows nothing instead of the page's; anything else (HTML, SVG, PDF, XML, text, or no type at all)
 * may be shown as a document and keeps every header.
 */
export function answerKind(contentType: string | undefined): 'subresource' | 'data' | 'document' {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (SUBRESOURCE_TYPES.has(type) || type.startsWith('font/')) return 'subresource';
  if (type === 'application/json' || type.endsWith('+json')) return 'data';
  return 'document';
}

/** The page's headers, as helmet writes them. */
const HELMET_OPTIONS: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Pictures may come from anywhere on the web: a news text may show an image by its http(s)
        // address (spec 2.5), and the weather service's icons live on its CDN. An image cannot run code.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        // Session videos: only YouTube's no-cookie embeds.
        frameSrc: [VIDEO_EMBED_ORIGIN],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only makes sense behind HTTPS; the proxy in front of a deployment sets it.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet writes with these options, read once: they are the same for every answer (no
 * nonce), and building them per request (helmet's middleware chain, the CSP string) cost a warm
 * public answer about a tenth of its time.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not write its headers at once');
  return [...headers];
}

/**
 * Security headers. Every answer starts with the page's full set (helmet's, and a Permissions-Policy),
 * written on the raw response at onRequest so that even an answer streamed past Fastify's onSend keeps
 * them; onSend then trims what the answer's kind does not need (see answerKind). The page CSP allows
 * no inline script at all: the SPA is built into files, and whatever an attacker manages to store in a
 * page cannot run.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const pageHeaders: [string, string][] = [...helmetHeaders(HELMET_OPTIONS), ['permissions-policy', PERMISSIONS_POLICY]];
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of pageHeaders) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const kind = answerKind(typeof type === 'string' ? type : undefined);
    if (kind !== 'document') {
      for (const name of DOCUMENT_ONLY) dropHeader(reply, name);
      if (kind === 'data') reply.raw.setHeader('content-security-policy', DATA_CSP);
    }
    done(null, payload);
  });
});

/**
 * For a page of public content only, the same for every visitor, that asks for nothing (the home page,
 * the norms and agendas, a news item): no Cross-Origin-Opener-Policy. With `same-origin`, a browser
 * arriving from any other site (a search engine, a shared link) moves the page to a new browsing
 * context group, which costs a process switch: measured with Lighthouse's mobile run on this kind of
 * machine, 0.1-0.3 s of first paint and 150-250 ms of blocking time on each of these pages
 * (ARCHITECTURE.md, "Security headers"). What the header guards is thin on them: nothing in the page
 * differs by visitor for a window reference to probe, and the one secret in reach (a session's token,
 * which the navbar reads to show the account's corner) belongs to someone who typed a password on this
 * site, which makes desktop Chrome (every site) and Android Chrome with 2 GB or more give the site a
 * process of its own. The login, recovery and verification pages, the 404 and the staff panels keep
 * `same-origin`.
 */
export function allowCrossOriginOpeners(reply: FastifyReply): void {
  dropHeader(reply, 'cross-origin-opener-policy');
}

function dropHeader(reply: FastifyReply, name: string): void {
  reply.raw.removeHeader(name);
  reply.removeHeader(name);
}
