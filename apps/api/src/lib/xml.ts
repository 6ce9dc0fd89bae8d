import { stripControlCharacters } from '@concejo/contracts';

/** What XML 1.0 allows nowhere besides control characters: lone surrogates, U+FFFE and U+FFFF. */
const NOT_XML = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g;

/**
 * Text as XML character data or attribute value: markup characters escaped, and characters XML 1.0
 * forbids dropped, so a document stays well-formed whatever a stored row or a setting holds (one
 * control character makes a feed reader or a crawler refuse the whole file).
 */
export function xml(text: string): string {
  return xmlCharacters(text).replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Text with only the characters XML 1.0 allows, for a library that escapes markup itself (docx). */
export function xmlCharacters(text: string): string {
  return stripControlCharacters(text).replace(NOT_XML, '');
}
