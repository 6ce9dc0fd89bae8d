import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { isDocumentPage, routes } from './app/routes';
import { setApiTransport } from './lib/api-client';
import { setHtmlWindow, type HtmlWindow } from './lib/html-window';
import { sentQueries, serializeSsrState, SSR_STATE_ID } from './lib/ssr-state';
import { renderHead } from './server/head';
import { councilName } from './server/page-text';
import type { PageContext } from './server/server-page';
import { serverPageOf } from './server/server-pages';

export type RenderResult =
  /**
   * A page rendered here: its head tags, the markup of #root, and what the browser runs on it: the
   * page's own small script ('page', src/page/main.ts), or the app hydrating with the state given.
   */
  | { kind: 'page'; status: number; head: string; body: string; state: string; shell: 'page' | 'app'; reading: boolean }
  | { kind: 'redirect'; status: number; location: string }
  /** A client-side page (staff panels, the profile): the server sends the app's shell. */
  | { kind: 'client' };

export type RendererOptions = {
  /** The site's public address, for canonical and sharing URLs (never the request's Host). */
  publicUrl: string;
  /** How the pages' data requests reach the API in this process (a fetch-compatible function). */
  transport: typeof fetch;
};

let windowLoading: Promise<void> | undefined;

/**
 * News texts are parsed and cleaned with a DOM (lib/html-window.ts): jsdom's, loaded from node_modules
 * at run time rather than bundled (it reads files of its own), and at the first page rendered rather
 * than when the server starts: loading it takes about a second of CPU, which every start (an operator's
 * restart, each start of the crash tests) would otherwise wait for before answering.
 */
function htmlWindowLoaded(): Promise<void> {
  windowLoading ??= (async () => {
    const jsdom = 'jsdom';
    const { JSDOM } = (await import(/* @vite-ignore */ jsdom)) as { JSDOM: new (html: string) => { window: HtmlWindow } };
    setHtmlWindow(new JSDOM('').window);
  })();
  return windowLoading;
}

/**
 * The server rendering of the public site with React Router's own data APIs (createStaticHandler,
 * StaticRouterProvider): the route is matched and its lazy module loaded exactly as in the browser,
 * the page's data is loaded into a TanStack Query cache that goes to the browser dehydrated, and the
 * browser hydrates the same tree (entry-client.tsx).
 */
export async function createRenderer({ publicUrl, transport }: RendererOptions) {
  setApiTransport(transport);
  const handler = createStaticHandler(routes);

  return async function render(request: Request): Promise<RenderResult> {
    await htmlWindowLoaded();
    const context = await handler.query(request);
    if (context instanceof Response) {
      const location = context.headers.get('location');
      return location ? { kind: 'redirect', status: context.status, location } : { kind: 'client' };
    }
    const pages = context.matches.map((match) => ({ match, page: serverPageOf(match.route.id) }));
    const last = pages.at(-1);
    // Any route without a server side (a staff page, /profile) or a route that failed: the browser's job.
    if (context.errors || !last?.page?.head || pages.some(({ page }) => !page)) return { kind: 'client' };
    const pageHead = last.page.head;

    const url = new URL(request.url);
    // A query that failed here is shown failed (not as loading, as it would be for a browser that tries again on mount).
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity } } });
    const pageContext = (params: PageContext['params']): PageContext => ({ queryClient, params, url });
    await Promise.all(pages.map(({ match, page }) => page?.preload?.(pageContext(match.params))));
    const head = pageHead(pageContext(last.match.params));
    if ('redirect' in head) return { kind: 'redirect', status: head.permanent ? 301 : 302, location: head.redirect };

    const router = createStaticRouter(handler.dataRoutes, context);
    const markup = renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
    // React puts the resources it wants early (the first banner's preload) before the page's markup
    // when it does not render the <head> itself: they go to the head, where the browser finds them first.
    const hoisted = /^(?:<link [^>]*>)*/.exec(markup)![0];
    const body = markup.slice(hoisted.length);
    const enhanced = isDocumentPage(last.match.route);
    const state = enhanced ? '' : serializeSsrState({
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
      queries: sentQueries(dehydrate(queryClient, { shouldDehydrateQuery: () => true })),
    });
    return {
      kind: 'page',
      status: head.status ?? 200,
      head: `${renderHead(head, { url, publicUrl, siteName: councilName(queryClient) })}${hoisted}`,
      body,
      state: enhanced ? '' : `<script type="application/json" id="${SSR_STATE_ID}">${state}</script>`,
      shell: enhanced ? 'page' : 'app',
      // A not-found page is not a reading page: an address that exists for nobody keeps the full set.
      reading: last.page.reading === true && (head.status ?? 200) === 200,
    };
  };
}
