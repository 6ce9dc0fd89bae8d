import { publicTypeOfSlug, type PublicRegulationType } from '@concejo/contracts';

/**
 * The norm a page address names (`/normativas/ordenanza/2880`): a public type's slug and an official
 * number as written (digits, no leading zero); undefined for anything else, which the page answers 404.
 */
export function normAddress(slug: string, numberText: string): { type: PublicRegulationType; number: number } | undefined {
  const type = publicTypeOfSlug(slug);
  if (!type || !/^[1-9]\d{0,8}$/.test(numberText)) return undefined;
  return { type, number: Number(numberText) };
}
