import { MATCH_PLACE_LABELS, REGULATION_TYPE_LABELS, type PublishedRegulation } from '@concejo/contracts';

/** "Ordenanza N° 2845", or "Ordenanza sin número": names a norm in links and screen-reader labels. */
export function regulationName(regulation: Pick<PublishedRegulation, 'type' | 'number'>): string {
  const type = REGULATION_TYPE_LABELS[regulation.type];
  return regulation.number === null ? `${type} sin número` : `${type} N° ${regulation.number}`;
}

/** The types whose Spanish name is masculine (el Decreto, el Mensaje del DEM); the rest are feminine. */
const MASCULINE_TYPES = new Set<PublishedRegulation['type']>(['decree', 'dem-message']);

/** "de la Ordenanza N° 2845", "del Decreto N° 91": the norm's name after «de», with its article. */
export function ofRegulation(regulation: Pick<PublishedRegulation, 'type' | 'number'>): string {
  return `${MASCULINE_TYPES.has(regulation.type) ? 'del' : 'de la'} ${regulationName(regulation)}`;
}

/** «el» or «la»: the article a norm's name takes (el Decreto, la Ordenanza). */
export function articleOf(regulation: Pick<PublishedRegulation, 'type'>): 'el' | 'la' {
  return MASCULINE_TYPES.has(regulation.type) ? 'el' : 'la';
}

/** "Coincide en el tema y las palabras clave.": where a search found the norm; '' without a search. */
export function matchSentence(places: PublishedRegulation['matched_in']): string {
  const labels = places.map((place) => MATCH_PLACE_LABELS[place]);
  if (labels.length === 0) return '';
  const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} y ${labels[labels.length - 1]}`;
  return `Coincide en ${list}.`;
}
