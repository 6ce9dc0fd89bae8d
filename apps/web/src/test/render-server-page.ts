import userEvent from '@testing-library/user-event';
import { onTestFinished, vi } from 'vitest';
import { enhanceAll } from '../enhance';
import { createRenderer, type RenderResult } from '../entry-server';
import { PAGE_ENHANCERS } from '../page/enhancers';

type Transport = (url: string, init?: RequestInit) => Response | Promise<Response>;

/**
 * A public page as a visitor gets it: rendered by the server's own renderer (entry-server.tsx, the
 * route table, each page's data and head) through `api`, put in this document as the browser would
 * put the HTML, and given its script's behaviour (src/page/main.ts). The page's own requests
 * (fetch: 'Ver más' asks the server for the next page) go to `api` for the API and to the renderer
 * for pages, so that what the script reads is what the server sends.
 */
export async function renderServerPage(url: string, api: Transport) {
  const render = await createRenderer({ publicUrl: 'http://localhost:3000', transport: ((input: RequestInfo | URL, init?: RequestInit) => api(String(input), init)) as typeof fetch });
  const renderPage = async (address: string): Promise<Extract<RenderResult, { kind: 'page' }>> => {
    const result = await render(new Request(new URL(address, 'http://localhost:3000')));
    if (result.kind !== 'page') throw new Error(`${address} is not a server-rendered page (${result.kind})`);
    return result;
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const address = String(input);
    const path = address.replace(/^https?:\/\/[^/]+/, '');
    if (path.startsWith('/api/')) return api(path, init);
    const page = await renderPage(path);
    return new Response(`<!doctype html><html lang="es"><head>${page.head}</head><body><div id="root">${page.body}</div></body></html>`, {
      status: page.status,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  const page = await renderPage(url);
  window.history.replaceState(null, '', url);
  document.head.innerHTML = page.head;
  document.body.innerHTML = `<div id="root">${page.body}</div>`;
  onTestFinished(enhanceAll(document, PAGE_ENHANCERS));
  return { ...page, fetch, user: userEvent.setup() };
}
