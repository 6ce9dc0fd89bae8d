// Throughput of the public pages as HTML (what a browser, a crawler or a link preview asks for first) at
// 50 connections, beside a static file served by the same server and by a bare node:http server on the
// same machine: how far a page's HTML is from the cheapest answer this machine can give.
// Run: npm run build && npx tsx bench/html-throughput.ts [https://site]      (BENCH_SECONDS: 10 per target)
// Without a URL it starts the built server with the demo content on a throwaway data folder and a free
// port. autocannon loads from this process, the server runs in its own: both share the machine's cores.
import autocannon from 'autocannon';
import { cleanUpOnSignals, startBareStaticServer, startDemoServer, type BuiltServer } from './support.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const STATIC_FILE = 'apps/web/dist/favicon.svg';
// What Chromium sends for a page it navigates to: HTML first, brotli or gzip.
const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'es-AR,es;q=0.9',
};
/** Words of the demo norms; with a counter beside them every search is new, so no cache can answer it. */
const SEARCH_WORDS = ['tránsito', 'camiones', 'presupuesto', 'arbolado', 'residuos', 'ciclovías', 'cultura', 'salud', 'pavimento', 'tasas'];

interface Target {
  name: string;
  url: string;
  /** Each request's path, when it changes from one request to the next. */
  nextPath?: () => string;
}

interface Figures {
  name: string;
  perSecond: number;
  p50: number;
  p99: number;
  bytesPerResponse: number;
  failures: number;
  non2xx: number;
}

/** The answer a browser gets, checked before loading: a 200 of the expected type. */
async function checkAnswer(target: Target, expectedType: string): Promise<void> {
  const response = await fetch(target.url, { headers: BROWSER_HEADERS });
  const type = response.headers.get('content-type') ?? '';
  await response.arrayBuffer();
  if (response.status !== 200 || !type.startsWith(expectedType)) throw new Error(`${target.name}: ${response.status} ${type}, not a 200 ${expectedType}`);
}

async function load(target: Target, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: BROWSER_HEADERS,
    requests: target.nextPath ? [{ setupRequest: (request) => ({ ...request, path: target.nextPath!() }) }] : undefined,
  });
  return {
    name: target.name,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    failures: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

let server: BuiltServer | undefined;
let bare: { url: string; stop: () => void } | undefined;
cleanUpOnSignals(async () => bare?.stop());
try {
  const given = process.argv[2]?.replace(/\/$/, '');
  server = given ? undefined : await startDemoServer('html-throughput');
  bare = await startBareStaticServer(STATIC_FILE, 'image/svg+xml');
  const site = given ?? server!.url;
  let searches = 0;
  const htmlTargets: Target[] = [
    // Anonymous public pages are answered from the server's page cache (plugins/page-renderer.ts) until
    // a change: these two are cache hits after the first request.
    { name: '/ (HTML, page cache hit)', url: `${site}/` },
    { name: '/normativas (HTML, page cache hit)', url: `${site}/normativas` },
    {
      name: '/normativas?search=<new each time> (HTML, cache miss)',
      url: `${site}/normativas?search=${encodeURIComponent(SEARCH_WORDS[0]!)}`,
      nextPath: () => {
        searches += 1;
        return `/normativas?search=${encodeURIComponent(`${SEARCH_WORDS[searches % SEARCH_WORDS.length]} ${searches}`)}`;
      },
    },
  ];
  const staticTargets: Target[] = [
    { name: '/favicon.svg (same server)', url: `${site}/favicon.svg` },
    { name: '/favicon.svg (bare node:http)', url: `${bare.url}/favicon.svg` },
  ];
  for (const target of htmlTargets) await checkAnswer(target, 'text/html');
  for (const target of staticTargets) await checkAnswer(target, 'image/svg+xml');

  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per target after a 2 s warm-up, browser's Accept and Accept-Encoding headers:\n`);
  console.log('| target | req/s | p50 | p99 | bytes/response | errors | non-2xx |\n|---|---|---|---|---|---|---|');
  const results: Figures[] = [];
  for (const target of [...htmlTargets, ...staticTargets]) {
    await load(target, 2);
    const figures = await load(target, SECONDS);
    results.push(figures);
    console.log(
      `| ${figures.name} | ${Math.round(figures.perSecond).toLocaleString('en')} | ${figures.p50} ms | ${figures.p99} ms | ` +
        `${Math.round(figures.bytesPerResponse).toLocaleString('en')} | ${figures.failures} | ${figures.non2xx} |`,
    );
  }
  console.log('\n(bytes/response: headers and body as sent; autocannon counts a 3xx as non-2xx)');
  if (results.some((figures) => figures.failures > 0 || figures.non2xx > 0)) process.exitCode = 1;
} finally {
  bare?.stop();
  await server?.stop();
}
