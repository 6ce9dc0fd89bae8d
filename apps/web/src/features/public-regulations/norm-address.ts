import { officialNumberOf, publicTypeOfSlug, type PublicRegulationType } from '@concejo/contracts';

/**
 * The norm a page address names (`/normativas/ordenanza/2880`): a public type's slug and an official
 * number as written (digits, no leading zero); undefined for anything else, which the page answers 404.
 */
export function normAddress(slug: string, numberText: string): { type: PublicRegulationType; number: number } | undefined {
  const type = publicTypeOfSlug(slug);
  const number = officialNumberOf(numberText);
  return type && number !== undefined ? { type, number } : undefined;
}
