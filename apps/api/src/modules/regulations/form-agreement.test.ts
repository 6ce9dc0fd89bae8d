import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REGULATION_TYPES,
  authorTypeOptions,
  offeredFields,
  regulationPermissions,
  rolesWith,
  type RegulationFormField,
  type RegulationType,
  type Role,
} from '@concejo/contracts';
import { buildLoggedInUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { multipartForm, samplePdf, type FormValue } from '../../test/multipart.js';

/**
 * The staff forms show what contracts' offeredFields() says (apps/web regulation-fields.test.tsx
 * checks that); this walks every role and type and checks that the API accepts exactly that: the
 * offered fields, filled, are saved, and each field the form does not offer is refused.
 */

let ctx: TestContext;
const headers = {} as Record<Role, { authorization: string }>;
let linkable: number;
let nextNumber = 1000;

const ROLES = rolesWith('regulations.create');

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ROLES) headers[role] = (await buildLoggedInUser(ctx.app, ctx.db, role)).headers;
  linkable = (await send('admin', 'POST', '/api/v1/regulations', { type: 'ordinance', subject: 'Norma a modificar', authors: ['A'] })).json().id;
});
afterAll(() => ctx.close());

function send(role: Role, method: 'POST', url: string, fields: Record<string, FormValue | undefined>, files: Record<string, Buffer | ''> = {}) {
  return ctx.app.inject({ method, url, headers: headers[role], payload: multipartForm(fields, files) });
}

/** A valid value for each field the form can send on create. */
function createValue(field: RegulationFormField, type: RegulationType, role: Role): { fields?: Record<string, FormValue>; files?: Record<string, Buffer> } {
  switch (field) {
    case 'creation_date':
      return { fields: { creation_date: '2024-05-10T10:30' } };
    case 'dem_type':
      return { fields: { dem_type: 'ordinance' } };
    case 'author_type':
      return { fields: { author_type: authorTypeOptions(role, 'create', type)[0]! } };
    case 'state':
      return { fields: { state: 'approved' } };
    case 'number':
      return { fields: { number: nextNumber++ } };
    case 'keywords':
      return { fields: { keywords: ['palabra'] } };
    case 'pdf_process':
      return { files: { pdf_process: samplePdf() } };
    case 'pdf_approved':
      return { files: { pdf_approved: samplePdf() } };
    case 'modifies':
      return { fields: { modifies: [linkable] } };
    case 'modified_by':
      return { fields: { modified_by: [linkable] } };
    default:
      return {};
  }
}

function bodyOf(fields: Iterable<RegulationFormField>, type: RegulationType, role: Role) {
  const body: Record<string, FormValue> = { type, subject: `Tema de ${type}`, authors: ['Autora'] };
  const files: Record<string, Buffer> = {};
  for (const field of fields) {
    const value = createValue(field, type, role);
    Object.assign(body, value.fields);
    Object.assign(files, value.files);
  }
  return { body, files };
}

/** Fields a form never offers some role or type: each is tried where it is not offered. */
const OPTIONAL: RegulationFormField[] = ['creation_date', 'dem_type', 'state', 'number', 'keywords', 'pdf_process', 'pdf_approved', 'modifies', 'modified_by'];

describe.each(ROLES)('registering as %s', (role) => {
  it.each(REGULATION_TYPES)('%s: the fields the form offers are accepted, and no other', async (type) => {
    if (!regulationPermissions(role, 'create').types.includes(type)) {
      const refused = await send(role, 'POST', '/api/v1/regulations', bodyOf([], type, role).body);
      expect(refused.statusCode, `${role} may not register ${type}`).toBe(403);
      return;
    }
    // With the state "Aprobado" (when offered) the form also offers the number; links need the
    // DEM sub-type decree or ordinance, which the filled form has.
    const offered = offeredFields(role, 'create', { type, demType: type === 'dem-message' ? 'ordinance' : null, state: 'approved' });
    const { body, files } = bodyOf(offered, type, role);
    // One of the two link lists at a time: a norm cannot both modify and be modified by the same one.
    delete body.modified_by;
    const accepted = await send(role, 'POST', '/api/v1/regulations', body, files);
    expect(accepted.statusCode, `${role} ${type} with ${[...offered].join(', ')}: ${accepted.body}`).toBe(201);

    for (const field of OPTIONAL.filter((name) => !offered.has(name))) {
      const extra = bodyOf([...offered, field], type, role);
      delete extra.body.modified_by;
      if (field === 'modified_by') extra.body.modified_by = [linkable];
      if (field === 'modified_by' || field === 'modifies') delete extra.body[field === 'modifies' ? 'modified_by' : 'modifies'];
      if (field === 'number') extra.body.state = 'approved';
      const refused = await send(role, 'POST', '/api/v1/regulations', extra.body, extra.files);
      expect([403, 422], `${role} ${type} with ${field} (not offered): ${refused.statusCode} ${refused.body}`).toContain(refused.statusCode);
    }
  });
});

describe.each(rolesWith('regulations.update'))('modifying as %s', (role) => {
  it.each(['ordinance', 'dem-message', 'correspondence'] as const)('%s: the fields the form offers are accepted, and no other', async (type) => {
    const created = await send('admin', 'POST', '/api/v1/regulations', {
      type,
      subject: 'A modificar',
      authors: ['A'],
      ...(type === 'dem-message' ? { dem_type: 'ordinance' } : {}),
    });
    expect(created.statusCode, created.body).toBe(201);
    // A concejal edits only their own: the admin's norm is refused whole.
    if (role === 'concejal') {
      const refused = await send(role, 'POST', `/api/v1/regulations/${created.json().id}`, { changes: JSON.stringify({ subject: 'x' }), version: 1 });
      expect(refused.statusCode).toBe(403);
      return;
    }
    const offered = offeredFields(role, 'update', { type, demType: type === 'dem-message' ? 'ordinance' : null, state: 'approved' });
    const approvedPdf: Record<string, Buffer> = type === 'correspondence' ? {} : { pdf_approved: samplePdf() };
    const changeOf: Partial<Record<RegulationFormField, { changes?: Record<string, unknown>; files?: Record<string, Buffer> }>> = {
      dem_type: { changes: { dem_type: 'decree' } },
      state: { changes: { state: 'approved', number: nextNumber++ }, files: approvedPdf },
      number: { changes: { state: 'approved', number: nextNumber++ }, files: approvedPdf },
      keywords: { changes: { keywords: ['nueva'] } },
      pdf_process: { files: { pdf_process: samplePdf() } },
      pdf_approved: { files: { pdf_approved: samplePdf() } },
      modifies: { changes: { modifies: [linkable] } },
      modified_by: { changes: { modifies: [], modified_by: [linkable] } },
    };
    for (const [field, change] of Object.entries(changeOf) as [RegulationFormField, { changes?: Record<string, unknown>; files?: Record<string, Buffer> }][]) {
      const current = (await ctx.app.inject({ url: `/api/v1/regulations/${created.json().id}`, headers: headers.admin })).json();
      const response = await send(role, 'POST', `/api/v1/regulations/${current.id}`, { changes: JSON.stringify(change.changes ?? {}), version: current.version }, change.files);
      if (offered.has(field)) expect(response.statusCode, `${role} ${type} changing ${field}: ${response.body}`).toBe(200);
      else expect([403, 422], `${role} ${type} changing ${field} (not offered): ${response.body}`).toContain(response.statusCode);
    }
  });
});
