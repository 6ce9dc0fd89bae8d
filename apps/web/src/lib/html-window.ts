/**
 * The window the news helpers parse HTML with (DOMParser, DOMPurify): the browser's own, or on the
 * server, where there is none, a jsdom window the server rendering provides (entry-server.tsx), so
 * that a news text is cleaned and shortened the same way on both sides of the hydration.
 */
export type HtmlWindow = Window & typeof globalThis;

let htmlWindow: HtmlWindow | undefined = typeof window === 'undefined' ? undefined : window;

export function setHtmlWindow(next: HtmlWindow): void {
  htmlWindow = next;
}

export function getHtmlWindow(): HtmlWindow {
  if (!htmlWindow) throw new Error('No window to parse HTML with: the server rendering sets one with setHtmlWindow().');
  return htmlWindow;
}

/** An inert document of the HTML: nothing in it runs or loads. */
export function parseHtml(html: string): Document {
  return new (getHtmlWindow().DOMParser)().parseFromString(html, 'text/html');
}
