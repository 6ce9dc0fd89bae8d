// The one reader of PostgreSQL's refusals. Drizzle wraps the driver's error (the SQLSTATE and the
// constraint are on its `cause`), and a query may fail because the server is out of reach rather than
// because it refused: every module and the error handler ask here instead of reading codes themselves.

/** SQLSTATEs this code reacts to (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
export const SQL_STATES = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
} as const;

type DriverError = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** The error and what it wraps, outermost first (a few levels: Drizzle's wrapper, the driver's error). */
function* chain(error: unknown): Generator<DriverError> {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; current = (current as DriverError).cause, depth += 1) {
    yield current as DriverError;
  }
}

/** The PostgreSQL error inside, if any: the first in the chain with a five-character SQLSTATE. */
function postgresError(error: unknown): (DriverError & { code: string }) | undefined {
  for (const link of chain(error)) {
    if (typeof link.code === 'string' && /^[0-9A-Z]{5}$/.test(link.code)) return link as DriverError & { code: string };
  }
  return undefined;
}

/** The SQLSTATE of a PostgreSQL error, whether Drizzle wrapped it or not. */
export function sqlState(error: unknown): string | undefined {
  return postgresError(error)?.code;
}

/** A unique index refused the row; with `constraint`, only that index (someone took the value first). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = postgresError(error);
  return found?.code === SQL_STATES.uniqueViolation && (constraint === undefined || found.constraint === constraint);
}

/** A row still referenced elsewhere, or a reference to a row that no longer exists. */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === SQL_STATES.foreignKeyViolation;
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|the database system is (starting up|shutting down)/i;

/** Whether an error (or what it wraps) says the database cannot be reached now, rather than refused the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of chain(error)) {
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** Spanish messages for PostgreSQL's data exceptions (SQLSTATE class 22) by code; the rest of the class gets the fallback. */
const DATA_ERROR_MESSAGES: Record<string, string> = {
  '22007': 'La fecha enviada no es válida.',
  '22008': 'La fecha enviada no es válida.',
  '22021': 'El texto enviado contiene caracteres no válidos.',
  '22P05': 'El texto enviado contiene caracteres no válidos.',
  '22001': 'Uno de los textos enviados es demasiado largo.',
  '22003': 'Uno de los números enviados está fuera del rango permitido.',
};
const DATA_ERROR_FALLBACK = 'Uno de los datos enviados no es válido.';

/** A PostgreSQL data exception (class 22: bad date, number, text encoding...), which only input causes. */
export function inputDataError(error: unknown): { code: string; message: string; dbMessage: string } | undefined {
  const found = postgresError(error);
  if (!found || !/^22[0-9A-Z]{3}$/.test(found.code)) return undefined;
  // PostgreSQL quotes the refused value: only its start is logged.
  const dbMessage = String(found.message ?? '').slice(0, 200);
  return { code: found.code, message: DATA_ERROR_MESSAGES[found.code] ?? DATA_ERROR_FALLBACK, dbMessage };
}
