/** Gold of the council's identity (spec 2.4); dark initials on it pass WCAG AA, white ones do not. */
export const AVATAR_BACKGROUND = '#BE9A60';
export const AVATAR_TEXT = '#1b1f24';

function firstLetter(value: string): string {
  return Array.from(value.trim())[0]?.toLocaleUpperCase('es-AR') ?? '';
}

export function initialsOf(name: string, lastName: string): string {
  return firstLetter(name) + firstLetter(lastName) || '?';
}
