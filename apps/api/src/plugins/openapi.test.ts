import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const require = createRequire(import.meta.url);
const REDOCLY = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { type?: string; format?: string; items?: unknown }>; required?: string[] } }> };
  responses: Record<string, unknown>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let ctx: TestContext;
let document: Document;
let folder: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const response = await ctx.app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-openapi-'));
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(folder, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(document.paths).flatMap(([url, methods]) => Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${url}`, operation })));

/** `redocly lint` (the repository's redocly.yaml) on a document: every problem it reports. */
async function lint(name: string, doc: unknown): Promise<{ ruleId: string; severity: string; message: string; location: { pointer: string }[] }[]> {
  const file = path.join(folder, name);
  await fs.writeFile(file, JSON.stringify(doc, null, 2));
  const { stdout } = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--format=json', `--config=${path.join(ROOT, 'redocly.yaml')}`], {
    cwd: folder,
    // No telemetry, no update check: the lint works offline.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return JSON.parse(stdout).problems;
}

describe('the API description at /api/docs/json', () => {
  it('passes redocly lint with the recommended rules (and redocly.yaml), and the lint does catch a missing summary', async () => {
    const broken = structuredClone(document);
    delete broken.paths['/api/v1/login']!.post!.summary;
    const [problems, brokenProblems] = await Promise.all([lint('api.json', document), lint('broken.json', broken)]);
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual([]);
    expect(brokenProblems.map((problem) => [problem.ruleId, problem.location[0]?.pointer])).toEqual([['operation-summary', '#/paths/~1api~1v1~1login/post/summary']]);
  }, 60_000);

  it('gives every operation a unique camelCase operationId and a summary', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ operation }) => !operation.summary?.trim()).map(({ name }) => name)).toEqual([]);
  });

  it('asks a token where the route is not public, with 401 and 403 among its answers', async () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    for (const { name, operation } of operations()) {
      const bearer = operation.security?.some((requirement) => 'bearer' in requirement) ?? false;
      if (bearer) expect(Object.keys(operation.responses), name).toEqual(expect.arrayContaining(['401', '403']));
      else expect(operation.security, name).toEqual([]);
    }
    expect(operations().filter(({ operation }) => operation.security?.length).length).toBeGreaterThan(25);
    // What the server does without a token matches: 401 exactly where the document asks for one.
    const refused: string[] = [];
    for (const { name } of operations()) {
      const [method, url] = name.split(' ') as ['GET', string];
      const response = await ctx.app.inject({ method, url: url.replace(/\{[^}]+\}/g, '1') });
      if (response.statusCode === 401) refused.push(name);
    }
    expect(refused).toEqual(operations().filter(({ operation }) => operation.security?.length).map(({ name }) => name));
    expect(document.paths['/api/v1/regulations/published']!.get!.security).toEqual([]);
    expect(document.paths['/api/v1/login']!.post!.security).toEqual([]);
    expect(document.paths['/api/v1/regulations/{id}']!.get!.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/v1/users']!.post!.security).toEqual([{ bearer: [] }]);
  });

  it('describes each multipart form: its text fields from the contract, lists as name[], files as binary, and 413', () => {
    const forms: Record<string, string[]> = {
      'POST /api/v1/regulations': ['pdf_process', 'pdf_approved'],
      'POST /api/v1/regulations/{id}': ['pdf_process', 'pdf_approved'],
      'POST /api/v1/old-regulations': ['pdf'],
      'POST /api/v1/banners': ['image'],
      'POST /api/v1/banners/{id}': ['image'],
      'POST /api/v1/news': ['image'],
      'POST /api/v1/news/{id}': ['image'],
      'POST /api/v1/contact': ['image_left', 'image_right'],
      'PUT /api/v1/regulations/{id}/actions/{actionId}/pdf': ['pdf'],
    };
    const multipart = operations().filter(({ operation }) => operation.requestBody?.content['multipart/form-data']);
    expect(multipart.map(({ name }) => name).sort()).toEqual(Object.keys(forms).sort());
    for (const { name, operation } of multipart) {
      const properties = operation.requestBody!.content['multipart/form-data']!.schema.properties ?? {};
      for (const file of forms[name]!) expect(properties[file], `${name} ${file}`).toMatchObject({ type: 'string', format: 'binary' });
      expect(operation.responses, name).toHaveProperty('413');
    }
    const create = document.paths['/api/v1/regulations']!.post!.requestBody!.content['multipart/form-data']!.schema;
    expect(create.properties!['authors[]']).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(create.properties!.type).toMatchObject({ type: 'string', enum: expect.arrayContaining(['ordinance', 'dem-message']) });
    expect(create.required).toEqual(expect.arrayContaining(['type', 'subject']));
    expect(document.paths['/api/v1/news']!.post!.requestBody!.content['multipart/form-data']!.schema.required).toEqual(
      expect.arrayContaining(['status', 'title', 'description']),
    );
  });

  it('gives the errors each route can answer, all as the one ErrorBody', () => {
    const errorRef = { $ref: '#/components/schemas/ErrorBody' };
    const answers = (name: string) => {
      const [method, url] = name.split(' ');
      return document.paths[url!]![method!.toLowerCase()]!.responses as Record<string, { content?: Record<string, { schema: unknown }>; headers?: object }>;
    };
    expect(Object.keys(answers('GET /api/v1/regulations/{id}'))).toEqual(expect.arrayContaining(['200', '401', '403', '404', '422', 'default']));
    expect(Object.keys(answers('GET /api/v1/regulations/published'))).toEqual(expect.arrayContaining(['200', '422']));
    expect(answers('GET /api/v1/regulations/published')).not.toHaveProperty('401');
    expect(answers('POST /api/v1/regulations/{id}')['409']!.content!['application/json']!.schema).toEqual(errorRef);
    expect(answers('POST /api/v1/login')['429']).toMatchObject({ headers: { 'Retry-After': expect.any(Object) } });
    expect(answers('POST /api/v1/news')).toHaveProperty('503');
    // The e-mail link answers everything with a redirect, so no JSON error is promised there.
    expect(Object.keys(answers('GET /api/v1/email/verify/{id}/{hash}'))).toEqual(['302', 'default']);
    expect(answers('GET /api/v1/public/videos')['204']).not.toHaveProperty('content');
    expect(answers('GET /api/v1/regulations/published.csv')['200']!.content).toHaveProperty('text/csv');
  });
});

/**
 * An outside client: types generated from the document by openapi-typescript, and calls to a public
 * and to a staff endpoint written against them. Each `@ts-expect-error` line is a call the types
 * must refuse; if the document lost a field's type (an `unknown`, a missing enum), the line would
 * compile and its directive would be reported as unused.
 */
const CLIENT = `
import type { components, paths } from './api.js';

type ErrorBody = components['schemas']['ErrorBody'];
type Search = paths['/api/v1/regulations/published']['get'];
type Detail = paths['/api/v1/regulations/{id}']['get'];
type CreateUser = paths['/api/v1/users']['post'];
type CreateRegulationForm = paths['/api/v1/regulations']['post']['requestBody']['content']['multipart/form-data'];

type Answer<T> = { ok: true; data: T } | { ok: false; error: ErrorBody };

async function call<T>(url: string, init: RequestInit = {}): Promise<Answer<T>> {
  const response = await fetch(new URL(url, 'http://localhost:3000'), init);
  return response.ok ? { ok: true, data: (await response.json()) as T } : { ok: false, error: (await response.json()) as ErrorBody };
}

function searchPublished(query: NonNullable<Search['parameters']['query']>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return call<Search['responses'][200]['content']['application/json']>('/api/v1/regulations/published?' + params.toString());
}

function getRegulation(token: string, id: Detail['parameters']['path']['id']) {
  return call<Detail['responses'][200]['content']['application/json']>('/api/v1/regulations/' + id, { headers: { authorization: 'Bearer ' + token } });
}

function createUser(token: string, body: CreateUser['requestBody']['content']['application/json']) {
  return call<CreateUser['responses'][201]['content']['application/json']>('/api/v1/users', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function usage(token: string): Promise<string[]> {
  const seen: string[] = [];
  const found = await searchPublished({ search: 'tránsito', type: 'ordinance', from: '2024-01-01', page: 2 });
  if (found.ok) {
    const first = found.data.data[0];
    if (first) seen.push(first.subject, ...first.keywords.map((keyword) => keyword.word));
    // @ts-expect-error a regulation's number may be null
    const number: number | undefined = first?.number;
    void number;
  } else {
    seen.push(found.error.message, ...Object.keys(found.error.errors ?? {}));
  }
  // @ts-expect-error the public search offers no minutes
  await searchPublished({ type: 'minute' });
  // @ts-expect-error the page is a number
  await searchPublished({ page: 'two' });

  const detail = await getRegulation(token, 7);
  if (detail.ok) {
    const version: number = detail.data.version;
    seen.push(String(version), ...detail.data.authors.map((author) => author.name));
    // @ts-expect-error the detail has no title
    seen.push(detail.data.title);
  }
  // @ts-expect-error the identifier is a number
  await getRegulation(token, 'seven');

  const user = { name: 'Ana', last_name: 'Pérez', email: 'ana@example.org', email_confirmation: 'ana@example.org', password: 'una clave larga', password_confirmation: 'una clave larga' };
  const created = await createUser(token, { ...user, role: 'mesa' });
  if (created.ok) seen.push(created.data.user.email);
  // @ts-expect-error nobody registers an admin
  await createUser(token, { ...user, role: 'admin' });
  // @ts-expect-error every field is required
  await createUser(token, { name: 'Ana' });

  const form: CreateRegulationForm = { type: 'ordinance', subject: 'Tránsito', 'authors[]': ['Ana Pérez'], pdf_approved: 'binary' };
  // @ts-expect-error no such regulation type
  const wrongForm: CreateRegulationForm = { type: 'law', subject: 'Tránsito' };
  seen.push(form.subject, wrongForm.subject);
  return seen;
}
`;

describe('a typed client generated from the description', () => {
  it('compiles calls to a public and a staff endpoint, and refuses wrongly typed ones', async () => {
    await fs.writeFile(path.join(folder, 'api.d.ts'), astToString(await openapiTS(JSON.stringify(document))));
    await fs.writeFile(path.join(folder, 'client.ts'), CLIENT);
    const program = ts.createProgram([path.join(folder, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      // The generated declarations are checked too; the standard library is not.
      skipLibCheck: false,
      skipDefaultLibCheck: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program);
    const host = { getCanonicalFileName: (name: string) => name, getCurrentDirectory: () => folder, getNewLine: () => '\n' };
    expect(ts.formatDiagnostics(diagnostics, host)).toBe('');
  }, 60_000);
});
