import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse as Response } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.js';
import { answerKind, DATA_CSP } from './security-headers.js';

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-web-dist-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><html lang="es"><div id="root"></div></html>');
  await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js'), 'console.log(1)');
  await fs.writeFile(path.join(webDist, 'assets', 'index-DeF456.css'), 'body{margin:0}');
  await fs.writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestApp({ webDistDir: webDist });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

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
];

/** The bytes of an answer's header block as HTTP/1.1 sends it (status line aside). */
const headerBytes = (response: Response) =>
  Object.entries(response.headers).reduce((sum, [name, value]) => sum + Buffer.byteLength(`${name}: ${String(value)}\r\n`), 0);

function expectPagePolicy(response: Response) {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self';");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=()');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
}

describe('security headers on pages', () => {
  it.each(['/', '/normativas', '/admin/detalles/12', '/api/docs/', '/favicon.svg'])('sends the full page policy on %s', async (url) => {
    const response = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expectPagePolicy(response);
  });

  it('lets a page load outside images (weather icons, pictures linked in a news text) and the video embeds, and no outside script', async () => {
    const csp = String((await ctx.app.inject({ url: '/', headers: { accept: 'text/html' } })).headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob: https: http:;");
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com;');
    expect(csp).toContain("default-src 'self';");
  });
});

describe('security headers on built scripts and style sheets', () => {
  it.each(['/assets/index-AbC123.js', '/assets/index-DeF456.css'])('keeps nosniff and the resource policy on %s and drops the page-only headers', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await ctx.app.inject({ method, url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of DOCUMENT_ONLY) expect(response.headers[name], `${method} ${url}: ${name}`).toBeUndefined();
    }
  });

  it('sends a script with a header block less than half of a page answer', async () => {
    const page = await ctx.app.inject({ url: '/', headers: { accept: 'text/html' } });
    const script = await ctx.app.inject({ url: '/assets/index-AbC123.js' });
    expect(headerBytes(script)).toBeLessThan(headerBytes(page) / 2);
  });
});

describe('security headers on API answers', () => {
  it.each([
    ['/api/v1/public/site', 200],
    ['/api/v1/user', 401],
    ['/api/v1/no-such-route', 404],
    ['/api/docs/json', 200],
  ])('sends %s with a policy that allows nothing and nosniff', async (url, status) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-security-policy']).toBe(DATA_CSP);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['permissions-policy']).toBeUndefined();
  });
});

describe('security headers on API answers a browser may show as a document', () => {
  it.each(['/api/v1/regulations/feed.atom', '/api/v1/regulations/published.csv'])('sends %s with the full page policy', async (url) => {
    const response = await ctx.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).not.toMatch(/json/);
    expectPagePolicy(response);
  });
});

describe('answerKind', () => {
  it.each([
    ['application/javascript; charset=utf-8', 'subresource'],
    ['text/css; charset=utf-8', 'subresource'],
    ['font/woff2', 'subresource'],
    ['image/webp', 'subresource'],
    ['image/JPEG', 'subresource'],
    ['application/json; charset=utf-8', 'data'],
    ['text/html; charset=utf-8', 'document'],
    // An SVG, a PDF or XML opened in a tab is a document, and an SVG can carry script.
    ['image/svg+xml', 'document'],
    ['application/pdf', 'document'],
    ['application/xml; charset=utf-8', 'document'],
    [undefined, 'document'],
  ])('classifies %s as %s', (type, kind) => {
    expect(answerKind(type)).toBe(kind);
  });
});
