import { describe, expect, it } from 'vitest';
import { actionOrderError, actionSummary, formatActionDay, parseExpediente, type ActionDetails } from './regulation-actions.js';

const NO_DETAILS: ActionDetails = { committee: null, majority: null, promulgation: null, veto: null, decree: null, edition: null, page: null, url: null, in_force_from: null, day_order_id: null };

describe('the expediente as typed', () => {
  it('is read in any case and with spaces, and anything else is not one', () => {
    expect(parseExpediente(' 123-c-2026 ')).toBe('123-C-2026');
    expect(parseExpediente('7 - P - 2025')).toBe('7-P-2025');
    expect(parseExpediente('123-X-2026')).toBeNull();
    expect(parseExpediente('123-C-26')).toBeNull();
    expect(parseExpediente('alumbrado 123-C-2026')).toBeNull();
  });
});

describe('the path of a norm', () => {
  const steps = [
    { id: 1, kind: 'ingreso', date: '2026-03-02' },
    { id: 2, kind: 'giro', date: '2026-03-01' },
    { id: 3, kind: 'sancion', date: '2026-04-10' },
  ] as const;

  it('keeps ingreso <= sanción <= promulgación <= publicación, naming both steps when broken', () => {
    expect(actionOrderError(steps, { kind: 'promulgacion', date: '2026-04-10' })).toBeNull();
    expect(actionOrderError(steps, { kind: 'promulgacion', date: '2026-04-09' })).toBe(
      'La fecha de Promulgación (2026-04-09) no puede ser anterior a la de Sanción (2026-04-10).',
    );
    // A redated sanción is compared with the others, not with itself.
    expect(actionOrderError(steps, { id: 3, kind: 'sancion', date: '2026-03-02' })).toBeNull();
    expect(actionOrderError(steps, { id: 1, kind: 'ingreso', date: '2026-05-01' })).toMatch(/^La fecha de Sanción \(2026-04-10\) no puede ser anterior a la de Ingreso/);
    // Steps outside the ranked four (a giro) keep any date.
    expect(actionOrderError(steps, { kind: 'giro', date: '2020-01-01' })).toBeNull();
  });

  it('reads a day as the council writes it, and a publicación with its entry into force', () => {
    expect(formatActionDay('2026-04-20')).toBe('20/04/2026');
    expect(actionSummary({ ...NO_DETAILS, kind: 'publicacion', edition: '1234', page: 7, in_force_from: '2026-05-01' })).toBe('edición N° 1234, página 7, vigente desde el 01/05/2026');
  });
});
