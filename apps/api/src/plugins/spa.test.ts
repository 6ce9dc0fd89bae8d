import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.js';

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-web-dist-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><html lang="es"><div id="root"></div></html>');
  await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js'), 'console.log(1)');
  // What the build's precompress step writes beside each asset.
  await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js.br'), brotliCompressSync('console.log(1)'));
  await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js.gz'), gzipSync('console.log(1)'));
  await fs.writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestApp({ webDistDir: webDist });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('serving the built SPA', () => {
  it('caches hashed assets for a year', async () => {
    const response = await ctx.app.inject({ url: '/assets/index-AbC123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('sends the precompressed copy the browser accepts (%s)', async (accepted, encoding) => {
    const response = await ctx.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': accepted } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload).toEqual(encoding === 'br' ? brotliCompressSync('console.log(1)') : gzipSync('console.log(1)'));
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const response = await ctx.app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1)');
  });

  it('revalidates files that are not hashed', async () => {
    const response = await ctx.app.inject({ url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/normativas', '/admin/detalles/12', '/password-reset/abc?email=a@b.ar'])(
    'answers the client route %s with index.html',
    async (url) => {
      const response = await ctx.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('answers a page request from any client, whatever it accepts', async () => {
    const response = await ctx.app.inject({ url: '/ver-orden-dia', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it.each(['/assets/missing-123.js', '/missing.txt', '/favicon.ico'])('answers the missing file %s with 404, not index.html', async (url) => {
    const response = await ctx.app.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });
});
