import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import os from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@concejo/contracts';
import { dayOrderItems, dayOrders } from '../../db/schema/index.js';
import { DocumentJobFailed } from '../../lib/documents/document-worker.js';
import { UPLOADS_NICENESS } from '../../lib/documents/documents.js';
import { buildLoggedInUser } from '../../test/factories.js';
import { timed } from '../../test/machine-speed.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { docxParagraphs } from '../../test/docx.js';
import { expectInOrder, pdfToText } from '../../test/pdftotext.js';
import { insertRegulation } from '../../test/regulation-rows.js';

let ctx: TestContext;
const as = {} as Record<Role, { authorization: string }>;
type Inserted = Awaited<ReturnType<typeof insertRegulation>>;
const regs: Record<string, Inserted> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['admin', 'asesor', 'mesa', 'concejal', 'ejecutivo', 'cm', 'user'] as const) {
    as[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
  }
  regs.nota1 = await insertRegulation(ctx.db, { type: 'correspondence', subject: 'Nota de vecinos: reparación de luminarias en calle Güemes', createdAt: '2026-03-01T10:00:00-03:00', authors: ['Vecinos del barrio Norte'] });
  regs.nota2 = await insertRegulation(ctx.db, { type: 'correspondence', subject: '¿Quién limpia el arroyo? Pedido de la Asociación Ñandú', createdAt: '2026-03-01T11:00:00-03:00', authors: ['Asociación Ñandú'] });
  regs.mensaje = await insertRegulation(ctx.db, { type: 'dem-message', subject: 'Mensaje del Departamento Ejecutivo: presupuesto anual', createdAt: '2026-03-01T12:00:00-03:00' });
  regs.ordenanza = await insertRegulation(ctx.db, { type: 'ordinance', subject: 'Ordenanza de arbolado urbano', createdAt: '2026-03-01T13:00:00-03:00', authors: ['Ana Rodríguez', 'José Muñoz'] });
  regs.resolucion = await insertRegulation(ctx.db, { type: 'resolution', subject: '¡Declárese la emergencia hídrica!', createdAt: '2026-03-01T14:00:00-03:00', authors: ['Pedro Gil'] });
});
afterAll(() => ctx.close());
// An item goes on one agenda: each test starts with every regulation pending again.
afterEach(async () => {
  vi.restoreAllMocks();
  await ctx.db.delete(dayOrders);
});

const validBody = () => ({
  sessionType: 'ordinaria',
  date: '2026-03-10T19:00',
  acta: '45',
  correspondence: [regs.nota1!.id, regs.nota2!.id],
  dem_message: [regs.mensaje!.id],
  projects: [regs.resolucion!.id, regs.ordenanza!.id],
  comision_gobierno: ['Despacho sobre el régimen de habilitaciones comerciales'],
  comision_hacienda: ['Dictamen sobre la tasa de alumbrado', 'Dictamen sobre la rendición de cuentas'],
  comision_obras: [],
  comision_higiene: ['Despacho sobre el control de plagas'],
});

function post(body: unknown, role: Role | null = 'asesor') {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/day-orders', headers: role ? as[role] : {}, payload: body as object });
}

/** What the document workers' jobs left in this process's temporary folders (each job's folder goes with it). */
async function leftInWorkFolders(): Promise<string[]> {
  const folders = (await fs.readdir(os.tmpdir())).filter((name) => name.startsWith(`concejo-documents-${process.pid}-`));
  return (await Promise.all(folders.map((folder) => fs.readdir(path.join(os.tmpdir(), folder))))).flat();
}

/** The agendas' stored files: their PDFs and their Word documents. */
async function storedFiles(): Promise<string[]> {
  const folders = await Promise.all(['day-orders', 'day-orders-docx'].map((folder) => fs.readdir(path.join(ctx.uploadsDir, folder)).catch(() => [])));
  return folders.flat().sort();
}

describe('POST /day-orders', () => {
  it('stores the agenda with its items and answers its public PDF, which reads back every item in order', async () => {
    const response = await post(validBody());
    expect(response.statusCode).toBe(201);
    const { id, pdf_path } = response.json();
    expect(pdf_path).toMatch(/^\/api\/v1\/files\/day-orders\/[0-9a-f-]{36}\.pdf$/);

    const [order] = await ctx.db.select().from(dayOrders).where(eq(dayOrders.id, id));
    expect(order).toMatchObject({ sessionType: 'ordinaria', previousMinutes: '45', sessionDate: new Date('2026-03-10T22:00:00Z') });
    const items = await ctx.db.select().from(dayOrderItems).where(eq(dayOrderItems.dayOrderId, id));
    expect(items).toHaveLength(9);
    expect(items.filter((item) => item.section === 'projects').sort((a, b) => a.orderInSection - b.orderInSection).map((item) => item.regulationId)).toEqual([
      regs.resolucion!.id,
      regs.ordenanza!.id,
    ]);

    // Anyone may download it, and it may be cached.
    const download = await ctx.app.inject({ url: pdf_path });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toContain('public');

    const text = await pdfToText(download.rawPayload);
    expectInOrder(text, [
      'Concejo Deliberante',
      'Orden del Día',
      'Sesión Ordinaria',
      'Martes, 10 de marzo de 2026, 19:00 h',
      '1. Consideración del Acta de la sesión anterior N° 45',
      '2. Correspondencia recibida',
      '2.1', `Cargo N° ${regs.nota1!.cargo} – Correspondencia`, regs.nota1!.subject, 'Autor: Vecinos del barrio Norte',
      '2.2', `Cargo N° ${regs.nota2!.cargo} – Correspondencia`, regs.nota2!.subject, 'Autor: Asociación Ñandú',
      '3. Mensajes del Departamento Ejecutivo',
      '3.1', `Cargo N° ${regs.mensaje!.cargo} – Mensaje del DEM`, regs.mensaje!.subject, 'Autor: DEM',
      '4. Proyectos de los concejales',
      '4.1', `Cargo N° ${regs.resolucion!.cargo} – Resolución`, regs.resolucion!.subject, 'Autor: Pedro Gil',
      '4.2', `Cargo N° ${regs.ordenanza!.cargo} – Ordenanza`, regs.ordenanza!.subject, 'Autores: Ana Rodríguez, José Muñoz',
      '5. Despachos de la Comisión de Gobierno',
      '5.1', 'Despacho sobre el régimen de habilitaciones comerciales',
      '6. Despachos de la Comisión de Hacienda',
      '6.1', 'Dictamen sobre la tasa de alumbrado',
      '6.2', 'Dictamen sobre la rendición de cuentas',
      '7. Despachos de la Comisión de Obras Públicas',
      'Sin asuntos.',
      '8. Despachos de la Comisión de Higiene',
      '8.1', 'Despacho sobre el control de plagas',
      'Página 1 de 1',
    ]);
  });

  it('stores the same agenda as an editable Word document, downloaded by staff through a link that expires under its session\'s name, and deleted with it', async () => {
    const response = await post(validBody());
    expect(response.statusCode).toBe(201);
    const { id, docx_path } = response.json();
    expect(docx_path).toMatch(/^\/api\/v1\/files\/day-orders-docx\/[0-9a-f-]{36}\.docx\?expires=\d+&name=orden-del-dia-2026-03-10&signature=[\w-]+$/);
    // Not without its signature, nor with another one.
    const unsigned = await ctx.app.inject({ url: docx_path.split('?')[0] });
    expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
    expect(unsigned.statusCode).toBeLessThan(500);
    const forged = await ctx.app.inject({ url: docx_path.replace(/signature=[\w-]+/, 'signature=forged') });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('El enlace al archivo venció o no es válido. Vuelve a abrir la orden del día.');
    // The name is signed too: nobody renames the council's document through its link.
    expect((await ctx.app.inject({ url: docx_path.replace('name=orden-del-dia-2026-03-10', 'name=falso') })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: docx_path.replace('&name=orden-del-dia-2026-03-10', '') })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: docx_path.replace('name=orden-del-dia-2026-03-10', 'name=%22%0d%0aX:1') })).statusCode).toBe(422);

    const download = await ctx.app.inject({ url: docx_path });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(download.headers['content-disposition']).toBe('attachment; filename="orden-del-dia-2026-03-10.docx"');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expectInOrder(docxParagraphs(download.rawPayload).map((paragraph) => paragraph.text).join('\n'), [
      'Orden del Día',
      'Martes, 10 de marzo de 2026, 19:00 h',
      '1. Consideración del Acta de la sesión anterior N° 45',
      '2. Correspondencia recibida',
      `2.1\tCargo N° ${regs.nota1!.cargo} – Correspondencia`, regs.nota1!.subject,
      `4.2\tCargo N° ${regs.ordenanza!.cargo} – Ordenanza`, regs.ordenanza!.subject, 'Autores: Ana Rodríguez, José Muñoz',
      '7. Despachos de la Comisión de Obras Públicas',
      'Sin asuntos.',
      '8.1\tDespacho sobre el control de plagas',
    ]);

    // The session summary links it too, and deleting the agenda removes both files.
    const detail = await ctx.app.inject({ url: `/api/v1/day-orders/${id}`, headers: as.admin });
    expect(detail.json().day_order.docx_path).toMatch(/\/day-orders-docx\/[0-9a-f-]{36}\.docx\?expires=/);
    const stored = await storedFiles();
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/day-orders/${id}`, headers: as.admin })).statusCode).toBe(200);
    const left = await storedFiles();
    expect(stored.length - left.length).toBe(2);
    expect(left.some((name) => docx_path.includes(name))).toBe(false);
  });

  it('writes each listed norm\'s orden del día step, dated its session, in its history; deleting the agenda takes the steps back', async () => {
    const created = await post(validBody());
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const stepsOf = async (regulationId: number) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/regulations/${regulationId}/actions`, headers: as.admin })).json<{ kind: string; date: string; day_order_id: number | null; automatic: boolean }[]>();
    for (const listed of [regs.ordenanza!, regs.nota1!]) {
      expect((await stepsOf(listed.id)).filter((step) => step.kind === 'orden_del_dia')).toEqual([expect.objectContaining({ date: '2026-03-10', day_order_id: id, automatic: true })]);
    }
    const history = (await ctx.app.inject({ method: 'GET', url: `/api/v1/regulations/${regs.ordenanza!.id}`, headers: as.admin })).json<{ modifications: { name_cell: string; new_cell: string | null }[] }>().modifications;
    expect(history).toContainEqual(expect.objectContaining({ name_cell: 'Trámite: Incluido en el orden del día', new_cell: '2026-03-10' }));

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/v1/day-orders/${id}`, headers: as.admin })).statusCode).toBe(200);
    expect((await stepsOf(regs.ordenanza!.id)).some((step) => step.kind === 'orden_del_dia')).toBe(false);
  });

  it('writes each session type in words, takes the minutes number as a number and trims the texts', async () => {
    const response = await post({
      ...validBody(),
      sessionType: 'convocada',
      acta: 46,
      date: '2026-03-12T09:30:00-03:00',
      comision_gobierno: ['  Despacho con espacios  '],
    });
    expect(response.statusCode).toBe(201);
    const text = await pdfToText((await ctx.app.inject({ url: response.json().pdf_path })).rawPayload);
    expectInOrder(text.replace(/\s+/g, ' '), [
      'Sesión Convocada (extraordinaria, convocada por el Departamento Ejecutivo)',
      'Jueves, 12 de marzo de 2026, 09:30 h',
      'N° 46',
      '5.1 Despacho con espacios 6.',
    ]);
    const autoconvocada = await post({ sessionType: 'autoconvocada', date: '2026-03-13T19:00', acta: '47' });
    expect(await pdfToText((await ctx.app.inject({ url: autoconvocada.json().pdf_path })).rawPayload)).toContain('Sesión Autoconvocada');
  });

  it('accepts an agenda without items; every section then says it has none', async () => {
    const response = await post({ sessionType: 'ordinaria', date: '2026-03-10T19:00', acta: '1' });
    expect(response.statusCode).toBe(201);
    const text = await pdfToText((await ctx.app.inject({ url: response.json().pdf_path })).rawPayload);
    expect(text.match(/Sin asuntos\./g)).toHaveLength(7);
  });

  const tooMany = Array.from({ length: 301 }, (_, index) => index + 1);
  it.each([
    ['no session type', { sessionType: undefined }, 'sessionType', 'Debe seleccionar el tipo de sesión.'],
    ['an unknown session type', { sessionType: 'extraordinaria' }, 'sessionType', 'Debe seleccionar el tipo de sesión.'],
    ['no session date', { date: undefined }, 'date', 'Debe ingresar la fecha y hora de la sesión.'],
    ['a session date that is not one', { date: 'el martes' }, 'date', 'Debe ingresar la fecha y hora de la sesión.'],
    ['no minutes number', { acta: undefined }, 'acta', 'Debe ingresar el número del acta anterior.'],
    ['a blank minutes number', { acta: '   ' }, 'acta', 'Debe ingresar el número del acta anterior.'],
    ['a minutes number too long', { acta: '1'.repeat(31) }, 'acta', 'El número de acta puede tener hasta 30 caracteres.'],
    ['a list that is not a list', { correspondence: 'todas' }, 'correspondence', 'La lista de normativas no es válida.'],
    ['an id that is not a number', { dem_message: ['uno'] }, 'dem_message.0', 'La normativa seleccionada no es válida.'],
    ['a negative id', { projects: [-4] }, 'projects.0', 'La normativa seleccionada no es válida.'],
    ['a repeated id', { projects: [1, 1] }, 'projects', 'Hay normativas repetidas en esta sección.'],
    ['too many ids', { projects: tooMany }, 'projects', 'Cada sección admite hasta 300 normativas.'],
    ['a blank dispatch', { comision_gobierno: ['  '] }, 'comision_gobierno.0', 'Cada despacho debe tener texto.'],
    ['a dispatch too long', { comision_hacienda: ['a'.repeat(2001)] }, 'comision_hacienda.0', 'Cada despacho puede tener hasta 2000 caracteres.'],
    ['a repeated dispatch', { comision_obras: ['Bacheo', ' bacheo '] }, 'comision_obras', 'Hay despachos repetidos en esta comisión.'],
    ['a dispatch that is not text', { comision_higiene: [5] }, 'comision_higiene.0', 'Cada despacho debe ser un texto.'],
    ['a dispatch list that is not a list', { comision_higiene: 'texto' }, 'comision_higiene', 'La lista de despachos no es válida.'],
    ['too many dispatches', { comision_gobierno: tooMany.map(String) }, 'comision_gobierno', 'Cada comisión admite hasta 300 despachos.'],
  ])('answers 422 for %s', async (_case, change, field, message) => {
    const before = await storedFiles();
    const response = await post({ ...validBody(), ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 422 for a regulation that does not exist', async () => {
    const response = await post({ ...validBody(), projects: [regs.ordenanza!.id, 999_999] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.projects).toEqual(['Alguna de las normativas seleccionadas ya no existe. Vuelva a buscar.']);
  });

  it('answers 422 for a regulation placed in a section that is not its own', async () => {
    const response = await post({ ...validBody(), correspondence: [regs.ordenanza!.id], projects: [regs.nota1!.id] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      correspondence: [`La normativa Cargo N° ${regs.ordenanza!.cargo} (Ordenanza) no corresponde a esta sección.`],
      projects: [`La normativa Cargo N° ${regs.nota1!.cargo} (Correspondencia) no corresponde a esta sección.`],
    });
  });

  it('refuses an item another agenda already lists, naming that session, and keeps nothing of the second agenda', async () => {
    expect((await post(validBody())).statusCode).toBe(201);
    const before = { files: await storedFiles(), orders: (await ctx.db.select().from(dayOrders)).length };
    const response = await post({ ...validBody(), date: '2026-03-17T19:00', dem_message: [], correspondence: [regs.nota2!.id] });
    expect(response.statusCode).toBe(422);
    const taken = (regulation: Inserted) => `La normativa Cargo N° ${regulation.cargo} ya está en la orden del día de la sesión del 10/03/2026. Vuelva a buscar los asuntos pendientes.`;
    expect(response.json().errors).toEqual({
      correspondence: [taken(regs.nota2!)],
      projects: expect.arrayContaining([taken(regs.resolucion!), taken(regs.ordenanza!)]),
    });
    expect({ files: await storedFiles(), orders: (await ctx.db.select().from(dayOrders)).length }).toEqual(before);
  });

  it('lets only one of several agendas saved at once take the same item', async () => {
    const body = { sessionType: 'ordinaria', acta: '46', projects: [regs.ordenanza!.id] };
    const responses = await Promise.all([11, 12, 13, 14, 15].map((day) => post({ ...body, date: `2026-03-${day}T19:00` })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    const items = await ctx.db.select().from(dayOrderItems).where(eq(dayOrderItems.regulationId, regs.ordenanza!.id));
    expect(items).toHaveLength(1);
  });

  it('answers 422 for a body that is not JSON', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/day-orders', headers: { ...as.asesor, 'content-type': 'application/json' }, payload: '{"sessionType":' });
    expect(response.statusCode).toBe(422);
  });

  it('removes the stored PDF and Word document when the database refuses the agenda', async () => {
    const countOrders = async () => (await ctx.db.select().from(dayOrders)).length;
    const before = { files: await storedFiles(), orders: await countOrders() };
    // PostgreSQL refuses a NUL character in text: the write fails after the PDF was stored.
    const response = await post({ ...validBody(), acta: '45\u0000' });
    expect(response.statusCode).toBe(422);
    expect({ files: await storedFiles(), orders: await countOrders() }).toEqual(before);
  });

  it.each([
    ['too many documents wait for the worker', 'busy', 'Se están preparando muchos documentos. Intente guardar la orden del día de nuevo en unos segundos.'],
    ['the server is closing', 'closed', 'El servidor se está reiniciando. Intente de nuevo en unos segundos.'],
  ] as const)('answers 503 with Retry-After and keeps nothing when %s', async (_case, failure, message) => {
    const before = { files: await storedFiles(), orders: (await ctx.db.select().from(dayOrders)).length };
    vi.spyOn(ctx.app.documents.workers.uploads, 'run').mockRejectedValueOnce(new DocumentJobFailed(failure, 'not now'));
    const response = await post(validBody());
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('10');
    expect(response.json().message).toBe(message);
    expect({ files: await storedFiles(), orders: (await ctx.db.select().from(dayOrders)).length }).toEqual(before);
  });

  it('answers a masked 500, keeps nothing and makes the next agenda, when the worker is stopped at its time limit', async () => {
    const before = { files: await storedFiles(), orders: (await ctx.db.select().from(dayOrders)).length };
    const uploads = ctx.app.documents.workers.uploads;
    const run = uploads.run.bind(uploads);
    vi.spyOn(uploads, 'run').mockImplementationOnce((job) => run(job, { timeoutMs: 1 }));
    const response = await post(validBody());
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toBe('Ocurrió un error inesperado en el servidor. Inténtelo de nuevo más tarde.');
    expect({ files: await storedFiles(), orders: (await ctx.db.select().from(dayOrders)).length }).toEqual(before);
    expect(await leftInWorkFolders()).toEqual([]);
    // A new worker makes the next one.
    expect((await post(validBody())).statusCode).toBe(201);
    expect(await leftInWorkFolders()).toEqual([]);
  });

  it('builds an agenda of 150 items, PDF included, in under a second', async () => {
    const many: Awaited<ReturnType<typeof insertRegulation>>[] = [];
    for (let index = 0; index < 60; index += 1) {
      many.push(await insertRegulation(ctx.db, { type: 'ordinance', subject: `Proyecto de ordenanza número ${index} sobre tránsito, señalización y pavimentación del barrio`, createdAt: '2026-03-05T10:00:00-03:00', authors: ['Ana Rodríguez', 'José Muñoz'] }));
    }
    const texts = (prefix: string) => Array.from({ length: 22 }, (_, index) => `${prefix} ${index}: dictamen favorable sobre el expediente ${index}/2026 con modificaciones`);
    // The uploads worker runs from the server's start, and its first agenda loads the PDF and Word
    // writers' fonts and tables (about 0.6 s, once): that one is the test app's, not this test's.
    expect((await post(validBody())).statusCode).toBe(201);
    // Under a second on an idle machine, scaled by the machine's slowdown when it is loaded (probed at
    // the worker's priority too: below the API's, it slows down most).
    const { value: response, ms, limitMs, factor } = await timed(1000, () => post({
      ...validBody(),
      correspondence: [],
      dem_message: [],
      projects: many.map((regulation) => regulation.id),
      comision_gobierno: texts('Gobierno'),
      comision_hacienda: texts('Hacienda'),
      comision_obras: texts('Obras'),
      comision_higiene: [...texts('Higiene'), 'Higiene extra 1', 'Higiene extra 2'],
    }), { workerNiceness: UPLOADS_NICENESS });
    expect(response.statusCode).toBe(201);
    const items = await ctx.db.select().from(dayOrderItems).where(eq(dayOrderItems.dayOrderId, response.json().id));
    expect(items).toHaveLength(150);
    expect(ms, `slowdown x${factor.toFixed(1)}`).toBeLessThan(limitMs);
    const text = await pdfToText((await ctx.app.inject({ url: response.json().pdf_path })).rawPayload);
    expect(text).toContain(`4.60`);
    expect(text).toMatch(/Página 1 de \d+/);
  });

  it.each(['admin', 'asesor'] as const)('lets %s build an agenda', async (role) => {
    expect((await post(validBody(), role)).statusCode).toBe(201);
  });

  it.each(['mesa', 'concejal', 'ejecutivo', 'cm', 'user'] as const)('refuses %s with 403', async (role) => {
    const before = await storedFiles();
    expect((await post(validBody(), role)).statusCode).toBe(403);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a visitor without a token with 401', async () => {
    expect((await post(validBody(), null)).statusCode).toBe(401);
  });
});
