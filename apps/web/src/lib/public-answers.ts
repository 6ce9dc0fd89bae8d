import type { ResponseParser } from './api-client';

/**
 * Parsers for the public pages' answers, checked by hand. Staff pages parse answers with the
 * contracts' zod schemas; the public pages do not, because zod would add some 35 KB compressed to the
 * home page (DESIGN.md section 8). The API serialises every answer through those schemas already; what
 * these guard against is an answer of another kind (a proxy's page, an older server), which must fail
 * as a query error the page can show, never as a crash while rendering. Each caller names the fields
 * its page reads.
 */
export type Guard = (data: Record<string, unknown>) => boolean;

function fail(what: string): never {
  throw new TypeError(`Unexpected answer from the API: expected ${what}.`);
}

const isRecord = (data: unknown): data is Record<string, unknown> => typeof data === 'object' && data !== null && !Array.isArray(data);

/** The value at a dotted path of an answer (`'current.condition.icon'`), or undefined. */
export function field(data: unknown, path: string): unknown {
  let value = data;
  for (const key of path.split('.')) value = isRecord(value) ? value[key] : undefined;
  return value;
}

/** A guard that requires each dotted path to hold a value of the given `typeof` ('array' for a list). */
export function fields(spec: Record<string, 'string' | 'number' | 'boolean' | 'array' | 'object'>): Guard {
  return (data) =>
    Object.entries(spec).every(([path, type]) => {
      const value = field(data, path);
      if (type === 'array') return Array.isArray(value);
      if (type === 'object') return isRecord(value);
      return typeof value === type;
    });
}

/** An object answer (`{ ... }`) that passes the guard. */
export function objectAnswer<T>(what: string, guard: Guard): ResponseParser<T> {
  return { parse: (data) => (isRecord(data) && guard(data) ? (data as T) : fail(what)) };
}

/** A list answer (`[ ... ]`) whose items all pass the guard. */
export function listAnswer<T>(what: string, guard: Guard): ResponseParser<T[]> {
  return { parse: (data) => (Array.isArray(data) && data.every((item) => isRecord(item) && guard(item)) ? (data as T[]) : fail(`a list of ${what}`)) };
}

/** An object answer that passes the guard, or nothing at all (204: the server has nothing to give). */
export function optionalObjectAnswer<T>(what: string, guard: Guard): ResponseParser<T | undefined> {
  return { parse: (data) => (data === undefined ? undefined : isRecord(data) && guard(data) ? (data as T) : fail(`${what} or no content`)) };
}

const PAGE_FIELDS = fields({ data: 'array', current_page: 'number', last_page: 'number', total: 'number', per_page: 'number' });

/** One page of a public list (`{ data, current_page, last_page, total, per_page }`) whose rows all pass the guard. */
export function pageAnswer<T extends { data: unknown[] }>(what: string, row: Guard): ResponseParser<T> {
  return {
    parse: (data) =>
      isRecord(data) && PAGE_FIELDS(data) && (data.data as unknown[]).every((item) => isRecord(item) && row(item)) ? (data as T) : fail(`a page of ${what}`),
  };
}
