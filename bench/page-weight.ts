// Page weight of the home page on a phone's first visit: every byte the browser transfers to show '/'
// (HTML, JavaScript, CSS, images, API answers), by type, against the budgets of DESIGN.md section 8.
// Run: npm run build && npx tsx bench/page-weight.ts          (or: npx tsx bench/page-weight.ts https://site)
// Without a URL it starts the built server on a throwaway data folder (a fresh database with the demo
// content) on a free port, and stops it afterwards. Exits 1 over budget.
import { chromium } from '@playwright/test';
import { firstVisitTransfers, KB, PAGE_BUDGET_KB } from '../e2e/support/page-weight';
import { cleanUpOnSignals, startDemoServer } from './support.js';

const PHONE = { width: 390, height: 844, deviceScaleFactor: 2 };

type Row = { type: string; requests: number; bytes: number };

/** The body's size as sent with `accept-encoding: gzip` (for a client without brotli), whatever the browser got. */
async function gzipSize(url: string): Promise<number> {
  const { get } = await import('node:http');
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

async function measurePage(url: string): Promise<{ rows: Row[]; scripts: { url: string; bytes: number }[]; content: { banners: number; news: number } }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height }, deviceScaleFactor: PHONE.deviceScaleFactor, isMobile: true, hasTouch: true, locale: 'es-AR' });
    const page = await context.newPage();
    const transfers = await firstVisitTransfers(page, `${url}/`);
    const byType = new Map<string, Row>();
    for (const transfer of transfers) {
      // What travelled: headers plus the body as sent (compressed when it was).
      const row = byType.get(transfer.type) ?? { type: transfer.type, requests: 0, bytes: 0 };
      row.requests += 1;
      row.bytes += transfer.headerBytes + transfer.bodyBytes;
      byType.set(transfer.type, row);
    }
    const scripts = transfers.filter((transfer) => transfer.type === 'script').map((transfer) => ({ url: transfer.url, bytes: transfer.bodyBytes }));
    const content = await page.evaluate(() => ({
      banners: document.querySelectorAll('.home-carousel .carousel-item').length,
      news: document.querySelectorAll('.news-card').length,
    }));
    return { rows: [...byType.values()].sort((a, b) => b.bytes - a.bytes), scripts: scripts.sort((a, b) => b.bytes - a.bytes), content };
  } finally {
    await browser.close();
  }
}

const given = process.argv[2];
cleanUpOnSignals();
const server = given ? null : await startDemoServer('page-weight');
const url = given ?? server!.url;
try {
  const { rows, scripts, content } = await measurePage(url);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  const script = rows.find((row) => row.type === 'script')?.bytes ?? 0;
  console.log(`'/' on a phone (${PHONE.width}x${PHONE.height} @${PHONE.deviceScaleFactor}x), first visit: ${content.banners} banners, ${content.news} news cards`);
  console.log('| type | requests | transferred |\n|---|---|---|');
  for (const row of rows) console.log(`| ${row.type} | ${row.requests} | ${(row.bytes / KB).toFixed(1)} KB |`);
  console.log(`| total | ${rows.reduce((sum, row) => sum + row.requests, 0)} | ${(total / KB).toFixed(1)} KB |`);
  console.log('\nscripts (body as sent to the browser | as gzip):');
  let gzipTotal = 0;
  for (const entry of scripts) {
    const gzip = await gzipSize(entry.url);
    gzipTotal += gzip;
    console.log(`  ${(entry.bytes / KB).toFixed(1).padStart(6)} KB | ${(gzip / KB).toFixed(1).padStart(6)} KB  ${new URL(entry.url).pathname}`);
  }
  console.log(`  ${(scripts.reduce((sum, entry) => sum + entry.bytes, 0) / KB).toFixed(1).padStart(6)} KB | ${(gzipTotal / KB).toFixed(1).padStart(6)} KB  in all`);
  // The budget is the JavaScript itself as the browser received it (compressed bodies, brotli for any
  // current browser); response headers are counted in the page weight, not here.
  const scriptBodies = scripts.reduce((sum, entry) => sum + entry.bytes, 0);
  const overScript = scriptBodies / KB > PAGE_BUDGET_KB.script;
  const overTotal = total / KB > PAGE_BUDGET_KB.total;
  console.log(
    `\nJavaScript ${(scriptBodies / KB).toFixed(1)} KB compressed as sent (${(gzipTotal / KB).toFixed(1)} KB as gzip, ` +
      `${(script / KB).toFixed(1)} KB with response headers), of ${PAGE_BUDGET_KB.script} KB: ${overScript ? 'OVER BUDGET' : 'ok'}`,
  );
  console.log(`Page weight ${(total / KB).toFixed(1)} KB of ${PAGE_BUDGET_KB.total} KB: ${overTotal ? 'OVER BUDGET' : 'ok'}`);
  if (content.banners === 0 || content.news === 0) console.log('warning: the page showed no banners or no news; the figure leaves their images out');
  if (overScript || overTotal) process.exitCode = 1;
} finally {
  await server?.stop();
}
