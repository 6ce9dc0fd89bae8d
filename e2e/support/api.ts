import { randomUUID } from 'node:crypto';
import { minimalPdf } from '../../apps/api/src/lib/minimal-pdf';
import { expect, type APIRequestContext } from '@playwright/test';

/** A bearer token for preparing data through the API, as another device of `account`. */
export async function apiToken(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const response = await request.post('/api/v1/login', {
    data: { email: account.email, password: account.password },
    headers: { 'Device-Id': randomUUID() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).token as string;
}

/** A norm number no other test uses: tests run in parallel on one database. */
export const uniqueNumber = () => 30_000_000 + Math.floor(Math.random() * 60_000_000);
/** A word no other test's norms contain (letters only, so the search reads it as one word). */
export const uniqueWord = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;

export type RegisteredNorm = { id: number; number: number | null; version: number };

/** Registers an ordinance through the API (one author), with a PDF of `pdfText` when given (the approved one, or `pdfField`'s). */
export async function registerNorm(request: APIRequestContext, token: string, fields: Record<string, string | string[]>, pdfText?: string, pdfField: 'pdf_approved' | 'pdf_process' = 'pdf_approved'): Promise<RegisteredNorm & { expediente: string | null }> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ type: 'ordinance', author_type: 'concejal', ...fields })) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(Array.isArray(value) ? `${name}[]` : name, item);
  }
  form.append('authors[]', 'Luisa Ferreyra');
  if (pdfText) form.append(pdfField, new Blob([new Uint8Array(minimalPdf([pdfText]))], { type: 'application/pdf' }), 'norma.pdf');
  const response = await request.post('/api/v1/regulations', { multipart: form, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

export type RegisteredAgenda = { id: number; pdf_path: string };

/**
 * Publishes an agenda (orden del día) through the API, as the builder would: an ordinary session with
 * `fields` over it (`date` on the council's wall clock, `2026-12-03T19:00`; the sections by their payload
 * keys). Its id and PDF's path.
 */
export async function registerAgenda(request: APIRequestContext, token: string, fields: { date: string } & Record<string, unknown>): Promise<RegisteredAgenda> {
  const response = await request.post('/api/v1/day-orders', { headers: { Authorization: `Bearer ${token}` }, data: { sessionType: 'ordinaria', acta: '1', ...fields } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}
