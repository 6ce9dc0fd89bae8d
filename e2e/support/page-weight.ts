import type { Page } from '@playwright/test';

/** DESIGN.md section 8: the home page's JavaScript as the browser receives it, and the whole first load. */
export const PAGE_BUDGET_KB = { script: 120, total: 600 };
export const KB = 1024;

/** One request of a visit: its kind ('script', 'image', 'api'...) and the bytes that travelled. */
export type Transfer = { url: string; type: string; headerBytes: number; bodyBytes: number };

/**
 * Opens `url` in `page` (a fresh context: nothing cached) and answers every request the first visit
 * made, the body counted as sent (compressed when it was). Waits for the network to settle, then a
 * little longer for what the page asks for in its first moments (the carousel's next slide).
 */
export async function firstVisitTransfers(page: Page, url: string): Promise<Transfer[]> {
  const pending: Promise<Transfer>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      request.sizes().then((sizes) => ({
        url: request.url(),
        type: ['fetch', 'xhr'].includes(request.resourceType()) ? 'api' : request.resourceType(),
        headerBytes: sizes.responseHeadersSize,
        bodyBytes: sizes.responseBodySize,
      })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  return Promise.all(pending);
}
