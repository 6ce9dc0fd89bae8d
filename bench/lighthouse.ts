// Lighthouse on the public pages as a phone on a slow network meets them (Lighthouse's default config:
// mobile form factor, simulated slow 4G and 4x CPU slowdown), in Debian's Chromium, against the built
// server with the demo content. Each page is run BENCH_RUNS times (3); the run shown is Lighthouse's own
// median run (the one closest to the median FCP and TTI), with the spread of the scores beside it.
// Run: npm run build && npx tsx bench/lighthouse.ts [--json out.json] [--without-copies] [https://site] [/page ...]
// Each run of a page is followed by one of its static copy (its HTML without its script, as a static
// file): the floor this machine sets, measured by turns with the page (--without-copies skips it).
// Without a URL it starts the built server on a throwaway data folder on a free port and stops it after;
// with paths it measures only the pages that start with them.
// Exits 1 when a page misses a target of issue 13 (see TARGETS).
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { SITE_PATHS, type PublicRegulationType } from '@concejo/contracts';
import { cleanUpOnSignals, startDemoServer, type BuiltServer } from './support.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const KIB = 1024;
/** A word of the demo norms' subjects and keywords, so that the search page lists results. */
const SEARCH_WORD = 'tránsito';

/** Issue 13's targets for every public page; JavaScript and bytes are the home page's budgets. */
const TARGETS = { performance: 95, accessibility: 100, lcpMs: 1500, tbtMs: 100, cls: 0.02, homeScriptKB: 100, homeTotalKB: 300 };

interface NetworkRequest {
  url: string;
  transferSize?: number;
  resourceType?: string;
}

interface PageFigures {
  page: string;
  performance: number;
  accessibility: number;
  performanceRuns: number[];
  /** Lighthouse's own measure of the CPU it got in each run (higher is faster): the machine's load shows here. */
  benchmarkIndexes: number[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** transferSize (headers included, compressed bodies as sent) of every request, and of the scripts alone. */
  transferredBytes: number;
  scriptBytes: number;
  requests: number;
  lcpElement: string;
  /** The elements that moved most (Lighthouse's layout-shifts audit), with their share of the CLS. */
  shiftedElements: { element: string; score: number }[];
  failedAccessibilityAudits: string[];
  scripts: { url: string; bytes: number }[];
  scriptingByUrl: { url: string; ms: number }[];
}

interface Options {
  jsonPath?: string;
  site?: string;
  /** Paths given on the command line ('/login', '/normativas'): only those pages, and those under them. */
  only: string[];
  /** --without-copies: the pages alone, not their static copies (half the time). */
  withoutCopies: boolean;
}

function parseArguments(argv: string[]): Options {
  const options: Options = { only: [], withoutCopies: false };
  for (let i = 0; i < argv.length; i += 1) {
    const argument = argv[i]!;
    if (argument === '--json') options.jsonPath = argv[(i += 1)];
    else if (argument === '--without-copies') options.withoutCopies = true;
    else if (argument.startsWith('/')) options.only.push(argument);
    else options.site = argument.replace(/\/$/, '');
  }
  return options;
}

/**
 * The five public pages of issue 13, plus /normativas with a search in its address and the page of the
 * search's first norm (issue 15); ids come from the site.
 */
async function publicPages(site: string): Promise<string[]> {
  const news = (await (await fetch(`${site}/api/v1/news/published`)).json()) as { id: number }[];
  if (news.length === 0) throw new Error('the site has no published news to open');
  const search = `search=${encodeURIComponent(SEARCH_WORD)}`;
  const found = (await (await fetch(`${site}/api/v1/regulations/published?${search}`)).json()) as { total: number; data: { type: PublicRegulationType; number: number }[] };
  if (found.total === 0) throw new Error(`a search for "${SEARCH_WORD}" finds no norm on the site`);
  const norm = found.data[0]!;
  // paths.news.getHref in apps/web/src/lib/paths.ts.
  return ['/', '/normativas', `/normativas?${search}`, '/ver-orden-dia', `/noticia/${news[0]!.id}`, '/login', SITE_PATHS.regulation(norm.type, norm.number)];
}

const audit = (result: Result, id: string) => result.audits[id];
const numeric = (result: Result, id: string) => audit(result, id)?.numericValue ?? Number.NaN;
const items = <T>(result: Result, id: string): T[] => ((audit(result, id)?.details as { items?: T[] } | undefined)?.items ?? []) as T[];

function figuresOf(page: string, runs: Result[]): PageFigures {
  const median = computeMedianRun(runs);
  const score = (result: Result, category: string) => Math.round((result.categories[category]?.score ?? 0) * 100);
  const requests = items<NetworkRequest>(median, 'network-requests');
  const scripts = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => ({ url: request.url, bytes: request.transferSize ?? 0 }))
    .sort((a, b) => b.bytes - a.bytes);
  // Lighthouse 13 names the LCP element in its LCP breakdown insight (a list: a table of the phases, then the node).
  const lcpElement = items<{ type?: string; selector?: string; snippet?: string }>(median, 'lcp-breakdown-insight').find((item) => item.type === 'node');
  const accessibilityAudits: string[] = median.categories.accessibility?.auditRefs.map((ref: { id: string }) => ref.id) ?? [];
  return {
    page,
    performance: score(median, 'performance'),
    accessibility: score(median, 'accessibility'),
    performanceRuns: runs.map((run) => score(run, 'performance')),
    benchmarkIndexes: runs.map((run) => Math.round(run.environment.benchmarkIndex)),
    fcpMs: numeric(median, 'first-contentful-paint'),
    lcpMs: numeric(median, 'largest-contentful-paint'),
    tbtMs: numeric(median, 'total-blocking-time'),
    cls: numeric(median, 'cumulative-layout-shift'),
    transferredBytes: requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0),
    scriptBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    requests: requests.length,
    lcpElement: lcpElement?.selector ?? lcpElement?.snippet ?? '(none)',
    shiftedElements: items<{ node?: { selector?: string; snippet?: string }; score?: number }>(median, 'layout-shifts')
      .slice(0, 3)
      .map((item) => ({ element: item.node?.selector ?? item.node?.snippet ?? '(unknown)', score: item.score ?? 0 })),
    failedAccessibilityAudits: accessibilityAudits.filter((id: string) => audit(median, id)?.score === 0),
    scripts,
    scriptingByUrl: items<{ url: string; scripting?: number }>(median, 'bootup-time')
      .map((item) => ({ url: item.url, ms: item.scripting ?? 0 }))
      .sort((a, b) => b.ms - a.ms),
  };
}

/** One Lighthouse run of a page in a Chrome of its own (no state carried between runs); retried when it fails. */
async function runOnce(url: string, chromes: Set<LaunchedChrome>): Promise<Result> {
  for (let failures = 0; ; ) {
    const chrome = await launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      // The bench's own signal handler stops the server too; chrome-launcher's would exit before it.
      handleSIGINT: false,
    });
    chromes.add(chrome);
    try {
      // Lighthouse's default config is the mobile one; only the two categories issue 13 judges are run.
      const flags: Flags = { port: chrome.port, output: 'json', logLevel: process.env.BENCH_LH_LOG === 'verbose' ? 'verbose' : 'error', onlyCategories: ['performance', 'accessibility'] };
      const result = await lighthouse(url, flags);
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const failure = result.lhr.runtimeError;
      if (!failure) return result.lhr;
      // A run can fail on a loaded machine (a navigation that times out); a page that keeps failing stops the bench.
      if ((failures += 1) >= 3) throw new Error(`Lighthouse on ${url}: ${failure.code} ${failure.message}`);
      process.stdout.write(` (a run failed: ${failure.code}; again)`);
    } finally {
      chrome.kill();
      chromes.delete(chrome);
    }
  }
}

/**
 * BENCH_RUNS runs of the page, each followed by one of its static copy (when there is one): the two
 * alternate, so that the machine's load at any moment weighs on both alike.
 */
async function runPage(site: string, copies: string | undefined, page: string, chromes: Set<LaunchedChrome>): Promise<{ ours: PageFigures; copy?: PageFigures }> {
  const ours: Result[] = [];
  const copy: Result[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    ours.push(await runOnce(`${site}${page}`, chromes));
    if (copies) copy.push(await runOnce(`${copies}${page}`, chromes));
  }
  return { ours: figuresOf(page, ours), copy: copies ? figuresOf(page, copy) : undefined };
}

/**
 * The machine's floor: each page's HTML as the site sent it, without its script, served as a static
 * file (brotli, like the site's) with the page's own response headers (its security headers change
 * what the browser does on arrival), from a server of the bench's own, which passes every other
 * request (stylesheet, pictures) on to the site. What a page scores above its copy is its script's
 * doing; what both miss is this machine's (the browser's own work on the page at 4x, on shared cores).
 */
async function startStaticCopies(site: string, pages: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  const copies = new Map<string, { body: Buffer; headers: Record<string, string> }>();
  const notCopied = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'etag', 'x-request-id']);
  for (const page of pages) {
    const response = await fetch(`${site}${page}`);
    const html = await response.text();
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !notCopied.has(name)));
    copies.set(page, { body: zlib.brotliCompressSync(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')), headers });
  }
  const target = new URL(site);
  const server = http.createServer((request, response) => {
    const copy = copies.get(request.url ?? '');
    if (copy) {
      response.writeHead(200, { ...copy.headers, 'content-encoding': 'br', 'content-length': copy.body.length });
      response.end(copy.body);
      return;
    }
    const upstream = http.request({ host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const kib = (bytes: number) => (bytes / KIB).toFixed(1);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function misses(figures: PageFigures): string[] {
  const missed: string[] = [];
  if (figures.performance < TARGETS.performance) missed.push(`performance ${figures.performance} < ${TARGETS.performance}`);
  if (figures.accessibility < TARGETS.accessibility) missed.push(`accessibility ${figures.accessibility} < ${TARGETS.accessibility}`);
  if (figures.lcpMs > TARGETS.lcpMs) missed.push(`LCP ${seconds(figures.lcpMs)} > ${seconds(TARGETS.lcpMs)}`);
  if (figures.tbtMs > TARGETS.tbtMs) missed.push(`TBT ${figures.tbtMs.toFixed(0)} ms > ${TARGETS.tbtMs} ms`);
  if (figures.cls > TARGETS.cls) missed.push(`CLS ${figures.cls.toFixed(3)} > ${TARGETS.cls}`);
  if (figures.page === '/') {
    // The budgets are in KB (1,000 bytes), as issue 13 states them.
    if (figures.scriptBytes / 1000 > TARGETS.homeScriptKB) missed.push(`JavaScript ${(figures.scriptBytes / 1000).toFixed(1)} KB > ${TARGETS.homeScriptKB} KB`);
    if (figures.transferredBytes / 1000 > TARGETS.homeTotalKB) missed.push(`transferred ${(figures.transferredBytes / 1000).toFixed(1)} KB > ${TARGETS.homeTotalKB} KB`);
  }
  return missed;
}

function print(results: PageFigures[], copies: PageFigures[]): void {
  console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'} per page (mobile, simulated slow 4G, 4x CPU slowdown):\n`);
  console.log('| page | performance (runs) | accessibility | FCP | LCP | TBT | CLS | transferred | JS transferred | requests |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of results) {
    console.log(
      `| \`${decodeURI(row.page)}\` | ${row.performance} (${row.performanceRuns.join(', ')}) | ${row.accessibility} | ${seconds(row.fcpMs)} | ${seconds(row.lcpMs)} | ` +
        `${row.tbtMs.toFixed(0)} ms | ${row.cls.toFixed(3)} | ${kib(row.transferredBytes)} KiB | ${kib(row.scriptBytes)} KiB | ${row.requests} |`,
    );
  }
  if (copies.length > 0) {
    console.log(`\nThe same pages as static files, without their script (the machine's floor), run by turns with the pages above:\n`);
    console.log('| static copy of | performance (runs) | FCP | LCP | TBT |');
    console.log('|---|---|---|---|---|');
    for (const row of copies) {
      console.log(`| \`${decodeURI(row.page)}\` | ${row.performance} (${row.performanceRuns.join(', ')}) | ${seconds(row.fcpMs)} | ${seconds(row.lcpMs)} | ${row.tbtMs.toFixed(0)} ms |`);
    }
  }
  console.log('\n(transferred: every response as it travelled, headers included; KiB = 1,024 bytes)');
  console.log(`Lighthouse's CPU benchmark index, per page and run (higher is faster; a loaded machine scores low):`);
  console.log(`  ${results.map((row) => `${decodeURI(row.page)} ${row.benchmarkIndexes.join('/')}`).join(', ')}`);
  for (const row of results) {
    console.log(`\n${decodeURI(row.page)}: LCP element ${row.lcpElement}`);
    if (row.shiftedElements.length > 0) console.log(`  moved most: ${row.shiftedElements.map((shift) => `${shift.element} (${shift.score.toFixed(3)})`).join(', ')}`);
    if (row.failedAccessibilityAudits.length > 0) console.log(`  failed accessibility audits: ${row.failedAccessibilityAudits.join(', ')}`);
  }
  const home = results.find((row) => row.page === '/');
  if (home) {
    console.log(`\n'/': the heaviest of its ${home.scripts.length} scripts (transferred, headers included):`);
    for (const script of home.scripts.slice(0, 10)) console.log(`  ${kib(script.bytes).padStart(6)} KiB  ${new URL(script.url).pathname}`);
    console.log(`'/': main-thread scripting by URL (4x slowdown), the largest:`);
    for (const entry of home.scriptingByUrl.slice(0, 5)) console.log(`  ${entry.ms.toFixed(0).padStart(6)} ms  ${entry.url.startsWith('http') ? new URL(entry.url).pathname : entry.url}`);
  }
}

const options = parseArguments(process.argv.slice(2));
const chromes = new Set<LaunchedChrome>();
let server: BuiltServer | undefined;
let copies: { url: string; close: () => Promise<void> } | undefined;
cleanUpOnSignals(async () => {
  for (const chrome of chromes) chrome.kill();
});
try {
  server = options.site ? undefined : await startDemoServer('lighthouse');
  const site = options.site ?? server!.url;
  const pages = (await publicPages(site)).filter((page) => options.only.length === 0 || options.only.some((only) => page === only || (only !== '/' && page.startsWith(only))));
  // A first request of each page, so that no run pays the server's cold start (JIT, first queries).
  for (const page of pages) await (await fetch(`${site}${page}`)).arrayBuffer();
  copies = options.withoutCopies ? undefined : await startStaticCopies(site, pages);
  const results: PageFigures[] = [];
  const copyResults: PageFigures[] = [];
  for (const page of pages) {
    process.stdout.write(`${decodeURI(page)}: ${RUNS} run(s)${copies ? ', and of its static copy' : ''}...`);
    const { ours, copy } = await runPage(site, copies?.url, page, chromes);
    console.log(` performance ${ours.performanceRuns.join(', ')}${copy ? `; its static copy ${copy.performanceRuns.join(', ')}` : ''}`);
    results.push(ours);
    if (copy) copyResults.push(copy);
  }
  print(results, copyResults);
  const missed = results.flatMap((row) => misses(row).map((miss) => `${decodeURI(row.page)}: ${miss}`));
  console.log(missed.length > 0 ? `\nmisses issue 13's targets:\n  ${missed.join('\n  ')}` : "\nevery page meets issue 13's targets");
  if (options.jsonPath) await fs.writeFile(options.jsonPath, `${JSON.stringify({ site, runs: RUNS, measuredAt: new Date().toISOString(), pages: results, staticCopies: copyResults, missed }, null, 2)}\n`);
  if (missed.length > 0) process.exitCode = 1;
} finally {
  await copies?.close();
  await server?.stop();
}
