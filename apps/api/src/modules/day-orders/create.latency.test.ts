import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMISSION_SECTIONS,
  MAX_COMMISSION_TEXT,
  MAX_ITEMS_PER_SECTION,
  MAX_PREVIOUS_MINUTES,
  SOURCE_SECTIONS,
  type CommissionSection,
  type RegulationType,
  type SourceSection,
} from '@concejo/contracts';
import { JSON_BODY_LIMIT } from '../../app.js';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { probeHealthWhile, warmUp } from '../../test/health-probe.js';
import { slowdownNow } from '../../test/machine-speed.js';
import { expectInOrder, pdfToText } from '../../test/pdftotext.js';
import { favourThisProcess } from '../../test/priority.js';
import { insertRegulations } from '../../test/regulation-rows.js';

// A latency test: it runs alone, after the rest of the suite (vitest.latency.config.ts).

/** The longest subject a regulation may have (contracts' subjectSchema). */
const MAX_SUBJECT = 2000;
const SECTION_TYPES: Record<SourceSection, RegulationType> = { correspondence: 'correspondence', dem_message: 'dem-message', projects: 'ordinance' };

let ctx: TestContext;
let asesor: { authorization: string };
let address: string;

beforeAll(async () => {
  ctx = await createTestApp();
  asesor = (await buildLoggedInUser(ctx.app, ctx.db, 'asesor')).headers;
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  // As on a running server, whose uploads worker starts with it; what is measured is the agendas.
  await ctx.app.documents.warm();
  await warmUp(address);
  favourThisProcess();
});
afterAll(() => ctx.close());

/**
 * Every source section full (300 regulations each, with the longest subjects and two authors), for one
 * agenda. Authors at their limit too (50 of 200 characters) would make each agenda's PDF some 12 s of
 * CPU: a test of minutes that measures nothing more.
 */
async function fullSections(agenda: number): Promise<Record<SourceSection, number[]>> {
  const ids = {} as Record<SourceSection, number[]>;
  for (const section of SOURCE_SECTIONS) {
    const rows = await insertRegulations(
      ctx.db,
      Array.from({ length: MAX_ITEMS_PER_SECTION }, (_, index) => ({
        type: SECTION_TYPES[section],
        subject: `Asunto ${agenda}.${section}.${index}: `.padEnd(MAX_SUBJECT, 'señalización, pavimentación y alumbrado de la avenida Güemes y sus calles transversales; '),
        authors: SECTION_TYPES[section] === 'dem-message' ? undefined : ['Ana Rodríguez', 'José Muñoz'],
        createdAt: '2026-03-05T10:00:00-03:00',
      })),
    );
    ids[section] = rows.map((row) => row.id);
  }
  return ids;
}

/**
 * The largest agenda POST /day-orders accepts (contracts' day-orders.ts): every source section at its
 * 300 items, the longest minutes number, and the commissions' dispatches at their longest, as many as
 * the JSON body limit leaves room for, spread over the four commissions.
 */
function largestAgenda(day: number, ids: Record<SourceSection, number[]>) {
  const dispatches = Object.fromEntries(COMMISSION_SECTIONS.map((section) => [section, [] as string[]])) as Record<CommissionSection, string[]>;
  const body = { sessionType: 'ordinaria', date: `2026-04-${String(day).padStart(2, '0')}T19:00`, acta: '9'.repeat(MAX_PREVIOUS_MINUTES), ...ids, ...dispatches };
  // Room for one more text: its quotes and comma are 3 bytes (every character written is ASCII).
  for (let index = 0, room = JSON_BODY_LIMIT - Buffer.byteLength(JSON.stringify(body)) - 3; room > 20; index += 1) {
    const text = `Despacho ${index}: `.padEnd(Math.min(MAX_COMMISSION_TEXT, room), 'dictamen favorable de la comision con modificaciones al articulo ').trim();
    dispatches[COMMISSION_SECTIONS[index % COMMISSION_SECTIONS.length]!].push(text);
    room = JSON_BODY_LIMIT - Buffer.byteLength(JSON.stringify(body)) - 3;
  }
  expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(JSON_BODY_LIMIT);
  return body;
}

/** POSTs an agenda over HTTP, as the panel does: its status, body and time from sending to the answer. */
async function post(body: unknown) {
  const started = performance.now();
  const response = await fetch(`${address}/api/v1/day-orders`, { method: 'POST', headers: { ...asesor, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { pdf_path?: string; message?: string }, ms: performance.now() - started };
}

describe('agendas are made without holding the server', () => {
  it('answers /healthz within 100 ms while three of the largest agendas are made at once, and makes all three', { timeout: 300_000 }, async () => {
    const bodies = [];
    for (const day of [7, 14, 21]) bodies.push(largestAgenda(day, await fullSections(day)));
    expect(bodies[0]!.comision_higiene.length).toBeGreaterThan(5);

    const before = slowdownNow();
    const { value: answers, latencies, failures } = await probeHealthWhile(address, Promise.all(bodies.map(post)), 10);
    const factor = Math.max(before, slowdownNow());

    const context = `slowdown x${factor.toFixed(1)}; agendas in ${answers.map((answer) => answer.ms.toFixed(0)).join(', ')} ms; slowest /healthz ${Math.max(...latencies).toFixed(0)} ms`;
    expect(answers.map((answer) => answer.status), `${context}; ${answers.map((answer) => answer.body.message).join('; ')}`).toEqual([201, 201, 201]);
    expect(failures, context).toEqual([]);
    expect(latencies.length, context).toBeGreaterThan(10);
    // 100 ms on an idle machine, scaled by the machine's slowdown when it is loaded (test/machine-speed.ts).
    expect(Math.max(...latencies), context).toBeLessThan(100 * factor);

    // The agenda is whole: its last regulation and its last dispatch are in its PDF.
    const pdf = await fetch(`${address}${answers[0]!.body.pdf_path}`);
    const text = await pdfToText(Buffer.from(await pdf.arrayBuffer()));
    expectInOrder(text, [`4.${MAX_ITEMS_PER_SECTION}`, `8.${bodies[0]!.comision_higiene.length}`]);
  });
});
