import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@concejo/contracts';
import { buildLoggedInUser, buildUser } from '../test/factories.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import { imageForm, sampleImage } from '../test/images.js';
import { multipartForm, samplePdf } from '../test/multipart.js';
import { AUTH_VARIANTS, BODY_VARIANTS, PATH_VARIANTS, QUERY_VARIANTS, type Variant } from './variants.js';

/**
 * The hostile-input sweep: every route of the API (as its OpenAPI description lists them, plus the
 * file downloads), called by nobody and by every role, with every hostile path parameter, query
 * string, body and header of variants.ts. None may answer 5xx or take long; a route closed to a
 * caller answers 401/403 whatever the body, since access is checked before the body is read.
 */

type Principal = 'anonymous' | Role;
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}
interface Outcome {
  principal: Principal;
  method: string;
  url: string;
  variant: string;
  status: number;
  ms: number;
}

let ctx: TestContext;
const headersOf = {} as Record<Principal, Record<string, string>>;
/** Real ids for path parameters, so that the base request reaches the handler. */
const ids: Record<string, string> = {};
let routes: Route[] = [];
const outcomes: Outcome[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  headersOf.anonymous = {};
  for (const role of ROLES) headersOf[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
  await seed();
  await ctx.app.ready();
  const spec = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase() as Route['method'], path })),
  );
  // Downloads are hidden from the OpenAPI description; they take hostile names too.
  routes.push(
    { method: 'GET', path: '/api/v1/files/regulations-approved/{name}' },
    { method: 'GET', path: '/api/v1/files/regulations-process/{name}' },
    { method: 'GET', path: '/api/v1/files/day-orders/{name}' },
    { method: 'GET', path: '/api/v1/files/news/{name}' },
  );
}, 120_000);
afterAll(() => ctx?.close());

/** One of everything, made through the API as its users would. */
async function seed() {
  const created = async (response: { statusCode: number; body: string; json: () => { id: number } }) => {
    if (response.statusCode !== 201) throw new Error(`seed failed: ${response.statusCode} ${response.body}`);
    return String(response.json().id);
  };
  const admin = headersOf.admin;
  ids.regulation = await created(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/regulations',
      headers: admin,
      payload: multipartForm({ type: 'ordinance', state: 'approved', number: 1, subject: 'Ordenanza semilla', authors: ['Ana'] }, { pdf_approved: samplePdf() }),
    }),
  );
  ids.old = await created(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/old-regulations',
      headers: admin,
      payload: multipartForm({ date: '1990-01-02', type: 'decree', number: 2, keywords: ['archivo'] }, { pdf: samplePdf() }),
    }),
  );
  ids.dayOrder = await created(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/day-orders',
      headers: admin,
      payload: { sessionType: 'ordinaria', date: '2026-03-10T19:00', acta: '1', correspondence: [], dem_message: [], projects: [Number(ids.regulation)] },
    }),
  );
  const photo = { content: await sampleImage('jpeg', 800, 450), name: 'foto.jpg' };
  ids.banner = await created(
    await ctx.app.inject({ method: 'POST', url: '/api/v1/banners', headers: headersOf.cm, payload: imageForm({ status: 1, type: 'banner' }, { image: photo }) }),
  );
  ids.news = await created(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/news',
      headers: headersOf.cm,
      payload: imageForm({ status: 1, type: 'new', title: 'Noticia semilla', description: '<p>Texto</p>' }, { image: photo }),
    }),
  );
  ids.user = String((await buildUser(ctx.db, { role: 'user' })).id);
}

/** The path with its parameters: real ids, or `value` in place of every one of them. */
function fill(path: string, value?: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (value !== undefined) return value;
    if (name === 'hash') return 'a'.repeat(64);
    if (name === 'name') return '00000000-0000-0000-0000-000000000000.pdf';
    if (path.includes('/regulations/')) return ids.regulation!;
    if (path.includes('/old-regulations/')) return ids.old!;
    if (path.includes('/day-orders/')) return ids.dayOrder!;
    if (path.includes('/banners/')) return ids.banner!;
    if (path.includes('/news/')) return ids.news!;
    if (path.includes('/users/') || path.includes('/email/verify/')) return ids.user!;
    return '1';
  });
}

async function call(principal: Principal, route: Route, url: string, variant: Variant & { extraHeaders?: Record<string, string> }) {
  const started = performance.now();
  const response = await ctx.app.inject({
    method: route.method,
    url,
    headers: { ...headersOf[principal], ...variant.headers, ...variant.extraHeaders },
    payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : variant.payload,
  });
  const outcome = { principal, method: route.method, url: url.slice(0, 120), variant: variant.name, status: response.statusCode, ms: performance.now() - started };
  outcomes.push(outcome);
  if (response.statusCode < 500 && response.statusCode >= 400 && url.startsWith('/api/v1')) {
    // A refusal explains itself in Spanish, with the request id an operator can look for.
    const body = response.json<{ message?: unknown; requestId?: unknown }>();
    if (typeof body.message !== 'string' || body.message.length === 0 || typeof body.requestId !== 'string') {
      outcomes.push({ ...outcome, variant: `${variant.name} (error body without message or requestId)`, status: 599 });
    }
  }
  return response.statusCode;
}

/** Logging out would end the session the rest of the sweep uses: that route gets its own tokens. */
const skipsFor = (principal: Principal, route: Route) => principal !== 'anonymous' && route.path === '/api/v1/logout';

describe('hostile input on every route, for every caller', () => {
  for (const principal of ['anonymous', ...ROLES] as const) {
    it(`never answers 5xx to ${principal}`, { timeout: 300_000 }, async () => {
      const before = outcomes.length;
      for (const route of routes) {
        if (skipsFor(principal, route)) continue;
        const base = await call(principal, route, fill(route.path), { name: 'base', headers: {}, payload: undefined });
        // Closed to this caller: access is checked before the body is read, whatever it holds.
        const closed = base === 401 || base === 403;
        const bodies = closed ? BODY_VARIANTS.filter((_, index) => index % 6 === 0) : BODY_VARIANTS;
        for (const variant of bodies) {
          const status = await call(principal, route, fill(route.path), variant);
          if (closed) expect({ route: route.path, variant: variant.name, status }).toEqual({ route: route.path, variant: variant.name, status: base });
        }
        for (const query of closed ? QUERY_VARIANTS.slice(0, 3) : QUERY_VARIANTS) {
          await call(principal, route, `${fill(route.path)}?${query}`, { name: `query ${query.slice(0, 40)}` });
        }
        if (route.path.includes('{')) {
          for (const value of PATH_VARIANTS) await call(principal, route, fill(route.path, value), { name: `path ${value}`, payload: '{}', headers: { 'content-type': 'application/json' } });
        }
        if (principal === 'anonymous' || principal === 'admin') {
          for (const headers of AUTH_VARIANTS) {
            await call(principal, route, fill(route.path), { name: `headers ${Object.keys(headers).join(',')}`, extraHeaders: headers });
          }
        }
      }
      const mine = outcomes.slice(before);
      expect(mine.filter((outcome) => outcome.status >= 500)).toEqual([]);
      expect(mine.filter((outcome) => outcome.ms > 10_000)).toEqual([]);
    });
  }

  it('sent well over 300 hostile requests across every route', () => {
    expect(routes.length).toBeGreaterThanOrEqual(44);
    expect(outcomes.length).toBeGreaterThan(300);
    const routesHit = new Set(outcomes.map((outcome) => `${outcome.method} ${outcome.url.split('?')[0]}`));
    expect(routesHit.size).toBeGreaterThan(routes.length);
  });

  it('still serves the site after the sweep', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const search = await ctx.app.inject({ url: '/api/v1/regulations/published?search=semilla' });
    expect(search.statusCode).toBe(200);
    expect(search.json().total).toBe(1);
  });
});
