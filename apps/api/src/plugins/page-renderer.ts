import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createAnswerCache } from '../lib/answer-cache.js';
import { createEncodedCopies } from '../lib/encoded-copies.js';
import { PUBLIC_CONTENTS, type PublicChanges } from '../lib/public-changes.js';
import { weakEtag } from './public-cache.js';

/** What apps/web/src/entry-server.tsx answers for one address (its RenderResult). */
type RenderResult =
  | { kind: 'page'; status: number; head: string; body: string; state: string; shell?: 'page' | 'app'; reading?: boolean }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'client' };
type ServerEntry = { createRenderer(options: { publicUrl: string; transport: typeof fetch }): Promise<(request: Request) => Promise<RenderResult>> };

/**
 * A rendered page as sent: its HTML and the compressed copies made once, when first asked for;
 * `reading` for a page of public content only (ServerPage.reading in the web app), sent without
 * Cross-Origin-Opener-Policy.
 */
export type RenderedPage = { status: number; html: string; etag: string; reading: boolean };
export type PageAnswer = RenderedPage | { redirect: string; status: number } | null;

/** Anonymous pages kept rendered; every change to public content, on any instance, empties the cache. */
const CACHED_PAGES = 500;
/**
 * A rendered page is kept at most this long even when nothing changes: news and banners become public
 * (and stop being) at the times their publication window says, without any write to announce it.
 */
const PAGE_TTL_MS = 60_000;

/**
 * The app's shell (the built index.html) cut where a server-rendered page puts its own parts: the
 * head's tags replace the default title and description, the page's markup and state go in #root,
 * and the notice that the site needs JavaScript goes (a rendered page reads without it).
 */
function parseTemplate(html: string) {
  const title = /<title>[^<]*<\/title>/;
  const description = /\s*<meta name="description"[^>]*>/;
  const root = '<div id="root"></div>';
  if (!title.test(html) || !html.includes(root)) return null;
  const page = html.replace(description, '').replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  const [beforeTitle, afterTitle] = page.split(title) as [string, string];
  const [middle, end] = afterTitle.split(root) as [string, string];
  return (head: string, body: string, state: string) => `${beforeTitle}${head}${middle}<div id="root">${body}</div>${state}${end}`;
}

/** An in-process dispatch to this server's own API: a page's data never leaves the process. */
function injectTransport(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: { accept: 'application/json' },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') headers.set(name, value);
    const body = response.statusCode === 204 || response.statusCode === 304 ? null : new Uint8Array(response.rawPayload);
    return new Response(body, { status: response.statusCode, headers });
  };
}

/**
 * Server rendering of the public pages (DESIGN.md section 6), with the bundle `vite build --ssr`
 * writes beside the web build (`apps/web/dist-server/entry-server.js`). Without it the site is a
 * client-side app as before. Rendered pages are cached by address: every page is anonymous (the
 * session lives in the browser). The cache empties on any change to public content announced by any
 * instance (lib/public-changes.ts), and is used only once the feed has caught up with every change
 * committed before the request; while the feed is down, every page is rendered afresh.
 */
export async function createPageRenderer(
  app: FastifyInstance,
  { root, publicUrl, changes, log }: { root: string; publicUrl: string; changes: Pick<PublicChanges, 'onChange' | 'caughtUp'>; log: FastifyBaseLogger },
) {
  const entryFile = path.join(root, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entryFile)) {
    log.warn({ entryFile }, 'server rendering bundle not found; public pages are rendered in the browser only');
    return null;
  }
  const fill = parseTemplate(await fs.readFile(path.join(root, 'index.html'), 'utf8'));
  if (!fill) {
    log.warn('index.html has no <title> or empty #root; public pages are rendered in the browser only');
    return null;
  }
  // The shell of the pages that run their own small script instead of the app (apps/web/page.html).
  const pageFile = path.join(root, 'page.html');
  const fillPage = existsSync(pageFile) ? parseTemplate(await fs.readFile(pageFile, 'utf8')) : null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const render = await entry.createRenderer({ publicUrl, transport: injectTransport(app) });

  // Every page shows public content of some kind: any change empties the cache.
  const cache = createAnswerCache<PageAnswer>(changes, {
    contents: PUBLIC_CONTENTS,
    ttlMs: PAGE_TTL_MS,
    maxEntries: CACHED_PAGES,
    // Client-side pages are the shell; pages that failed to load their data get a new try.
    keep: (answer) => answer !== null && answer.status < 500,
  });

  async function renderFresh(url: string): Promise<PageAnswer> {
    const result = await render(new Request(new URL(url, publicUrl)));
    if (result.kind === 'client') return null;
    if (result.kind === 'redirect') return { redirect: result.location, status: result.status };
    const html = (result.shell === 'page' && fillPage ? fillPage : fill!)(result.head, result.body, result.state);
    const etag = weakEtag(html);
    return { status: result.status, html, etag, reading: result.reading === true };
  }

  return {
    /** The page at this address (path and query), rendered or from the cache; null for a client-side page. */
    page: (url: string): Promise<PageAnswer> => cache.get(url, () => renderFresh(url)),
    /** The page compressed as the browser asked, made once per cached page. */
    encoded: createEncodedCopies((page: RenderedPage) => page.html),
  };
}

export type PageRenderer = NonNullable<Awaited<ReturnType<typeof createPageRenderer>>>;
