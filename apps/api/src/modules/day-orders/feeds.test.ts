import ICAL from 'ical.js';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoggedInUser, buildDayOrder } from '../../test/factories.js';
import { testConfig } from '../../config.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { FEED_AGENDAS } from './service.js';

// A council name with everything XML and iCalendar must escape, a control character and a long run
// of accented letters (iCalendar folds lines at 75 octets, never inside a character).
const HOSTILE_NAME = `Concejo "A&B" <Villa>; Río, Ñandú \\ fin\u0007 ${'áéíóú'.repeat(12)}`;
const PUBLIC_URL = 'https://concejo.example.org';

let ctx: TestContext;
let asesor: { authorization: string };

const createAgenda = (sessionType: string, date: string) => buildDayOrder(ctx.app, asesor, { sessionType, date });

/** The document's elements as a strict, namespace-aware XML parser reads them (any error throws). */
function parseXml(document: string) {
  const parser = new SaxesParser({ xmlns: true });
  const elements: { name: string; attributes: Record<string, string>; text: string }[] = [];
  const open: (typeof elements)[number][] = [];
  parser.on('opentag', (tag) => {
    const element = { name: tag.local, attributes: Object.fromEntries(Object.values(tag.attributes).map((attribute) => [attribute.local, attribute.value])), text: '' };
    elements.push(element);
    open.push(element);
  });
  parser.on('text', (text) => {
    const current = open.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => void open.pop());
  parser.write(document).close();
  return elements;
}

beforeAll(async () => {
  const base = testConfig({ uploadsDir: '/tmp' });
  ctx = await createTestApp({ publicUrl: PUBLIC_URL, council: { ...base.council, name: HOSTILE_NAME } });
  asesor = (await buildLoggedInUser(ctx.app, ctx.db, 'asesor')).headers;
});
afterAll(() => ctx.close());

describe('the agendas feeds', () => {
  it('are valid and empty before any agenda', async () => {
    const atom = await ctx.app.inject({ url: '/api/v1/day-orders/feed.atom' });
    expect(atom.statusCode).toBe(200);
    expect(parseXml(atom.body).filter((element) => element.name === 'entry')).toEqual([]);
    const calendar = await ctx.app.inject({ url: '/api/v1/day-orders/calendar.ics' });
    expect(calendar.statusCode).toBe(200);
    expect(new ICAL.Component(ICAL.parse(calendar.body)).getAllSubcomponents('vevent')).toEqual([]);
  });

  it('give the newest agendas as Atom (newest first, each with its PDF) and their sessions as iCalendar, whatever the council is called', async () => {
    const first = await createAgenda('ordinaria', '2026-03-10T19:00');
    ctx.clock.advance(60_000);
    const second = await createAgenda('convocada', '2026-03-24T09:30');

    const atom = await ctx.app.inject({ url: '/api/v1/day-orders/feed.atom' });
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(atom.headers['cache-control']).toBe('public, no-cache');
    const elements = parseXml(atom.body);
    const feedTitle = elements.find((element) => element.name === 'title')!;
    expect(feedTitle.text).toBe(`${HOSTILE_NAME.replace('\u0007', '')}: órdenes del día`);
    const entries = elements.filter((element) => element.name === 'entry');
    expect(entries).toHaveLength(2);
    const titles = elements.filter((element) => element.name === 'title').slice(1).map((element) => element.text);
    expect(titles).toEqual(['Orden del día: Sesión Convocada (extraordinaria, convocada por el Departamento Ejecutivo), Martes, 24 de marzo de 2026, 09:30 h', 'Orden del día: Sesión Ordinaria, Martes, 10 de marzo de 2026, 19:00 h']);
    const pdfLinks = elements.filter((element) => element.name === 'link' && element.attributes.type === 'application/pdf').map((element) => element.attributes.href);
    expect(pdfLinks).toEqual([`${PUBLIC_URL}${second.pdf_path}`, `${PUBLIC_URL}${first.pdf_path}`]);
    expect(elements.find((element) => element.name === 'link' && element.attributes.rel === 'self')!.attributes.href).toBe(`${PUBLIC_URL}/api/v1/day-orders/feed.atom`);

    const calendar = await ctx.app.inject({ url: '/api/v1/day-orders/calendar.ics' });
    expect(calendar.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // CRLF line ends, and no line longer than 75 octets.
    expect(calendar.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(calendar.body.replace(/\r\n/g, '')).not.toContain('\n');
    const events = new ICAL.Component(ICAL.parse(calendar.body)).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events.map((event) => event.uid)).toEqual([`day-order-${second.id}@concejo.example.org`, `day-order-${first.id}@concejo.example.org`]);
    // 19:00 in Buenos Aires (UTC-3) is 22:00 UTC.
    expect(events.map((event) => event.startDate.toJSDate().toISOString())).toEqual(['2026-03-24T12:30:00.000Z', '2026-03-10T22:00:00.000Z']);
    // Each session has an end (a calendar draws an event without one as a line, or not at all).
    expect(events.map((event) => event.endDate.toJSDate().toISOString())).toEqual(['2026-03-24T15:30:00.000Z', '2026-03-11T01:00:00.000Z']);
    expect(events.every((event) => event.component.hasProperty('duration'))).toBe(true);
    expect(events[1]!.summary).toBe(`Sesión Ordinaria del ${HOSTILE_NAME.replace('\u0007', '')}`);
    expect(events[1]!.location).toBe(`${HOSTILE_NAME.replace('\u0007', '')}, Villa del Parque, Buenos Aires`);
    expect(events[1]!.description).toBe(`Orden del día: ${PUBLIC_URL}${first.pdf_path}`);
  });

  it(`stop at the newest ${FEED_AGENDAS}, and answer 304 to a reader that has them`, async () => {
    const atom = await ctx.app.inject({ url: '/api/v1/day-orders/feed.atom' });
    const again = await ctx.app.inject({ url: '/api/v1/day-orders/feed.atom', headers: { 'if-none-match': String(atom.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const calendar = await ctx.app.inject({ url: '/api/v1/day-orders/calendar.ics' });
    expect((await ctx.app.inject({ url: '/api/v1/day-orders/calendar.ics', headers: { 'if-none-match': String(calendar.headers.etag) } })).statusCode).toBe(304);
    // A new agenda changes both at once.
    await createAgenda('autoconvocada', '2026-04-07T18:00');
    expect((await ctx.app.inject({ url: '/api/v1/day-orders/feed.atom', headers: { 'if-none-match': String(atom.headers.etag) } })).statusCode).toBe(200);
    expect(FEED_AGENDAS).toBeGreaterThanOrEqual(50);
  });
});
