import { describe, expect, it } from 'vitest';
import { inputDataError, isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation, sqlState } from './errors.js';

/** A driver error as pg throws it, wrapped as Drizzle wraps it. */
const wrapped = (fields: Record<string, unknown>) => Object.assign(new Error('Failed query: insert ...'), { cause: Object.assign(new Error('duplicate key'), fields) });

describe('the database error reader', () => {
  it('reads the SQLSTATE whether Drizzle wrapped the error or not', () => {
    expect(sqlState(wrapped({ code: '23505' }))).toBe('23505');
    expect(sqlState(Object.assign(new Error('x'), { code: '23503' }))).toBe('23503');
    expect(sqlState(Object.assign(new Error('x'), { code: 'ENOENT' }))).toBeUndefined();
    expect(sqlState(new Error('plain'))).toBeUndefined();
  });

  it('tells a unique violation on a named index from one on another index', () => {
    const taken = wrapped({ code: '23505', constraint: 'users_email_lower_key' });
    expect(isUniqueViolation(taken)).toBe(true);
    expect(isUniqueViolation(taken, 'users_email_lower_key')).toBe(true);
    expect(isUniqueViolation(taken, 'regulations_cargo_key')).toBe(false);
    expect(isForeignKeyViolation(taken)).toBe(false);
    expect(isForeignKeyViolation(wrapped({ code: '23503' }))).toBe(true);
  });

  it('says the database is unavailable for a lost connection, not for a refused query', () => {
    expect(isDatabaseUnavailable(wrapped({ code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '23505' }))).toBe(false);
  });

  it('turns a data exception into a Spanish message and logs only the start of what PostgreSQL quoted', () => {
    const refused = inputDataError(wrapped({ code: '22007', message: `invalid input syntax for type date: "${'9'.repeat(500)}"` }));
    expect(refused).toMatchObject({ code: '22007', message: 'La fecha enviada no es válida.' });
    expect(refused!.dbMessage).toHaveLength(200);
    expect(inputDataError(wrapped({ code: '22P02' }))?.message).toBe('Uno de los datos enviados no es válido.');
    expect(inputDataError(wrapped({ code: '23505' }))).toBeUndefined();
  });
});
