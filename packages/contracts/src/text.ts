import { z } from './zod.js';

// C0 control characters but tab, line feed and carriage return, and DEL. Nobody types them; pasted
// from elsewhere they are invisible, and XML 1.0 forbids them, so one in a subject would make the Atom
// feed unreadable (and spreadsheets and terminals trip on them in the CSV).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export const TEXT_MESSAGES = {
  controlCharacters: 'El texto contiene caracteres de control no permitidos.',
} as const;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** The text without its control characters (tab, line feed and carriage return stay). */
export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS_ALL, '');
}

/**
 * A text field of a request body: a string without control characters (422 naming the field). The
 * check comes first and stops there, so the field gets that one message; chain trim/min/max after it.
 */
export function textSchema(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((text) => !hasControlCharacters(text), { error: TEXT_MESSAGES.controlCharacters, abort: true });
}

/**
 * A text query parameter (a search box): control characters are dropped rather than refused. The
 * words searched are never stored or published, the search only reads letters and digits, and a
 * visitor cannot see (nor fix) an invisible character pasted with the words, so an error would only
 * turn a good search, or a shared link to it, into a failure.
 */
export function searchTextSchema<T extends z.ZodType>(inner: T) {
  return z.preprocess((value) => (typeof value === 'string' ? stripControlCharacters(value) : value), inner);
}
