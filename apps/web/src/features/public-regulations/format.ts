import { MATCH_PLACE_LABELS, REGULATION_TYPE_LABELS, type PublishedRegulation } from '@concejo/contracts';

/** The council's time zone: dates are shown as the council lives them, wherever one reads them from. */
export const COUNCIL_TIME_ZONE = 'America/Argentina/Buenos_Aires';

const dateFormat = new Intl.DateTimeFormat('es-AR', { timeZone: COUNCIL_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });

/** "15/07/2025" in the council's time zone; 'Fecha inválida' for anything unparsable (spec 2.3). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Fecha inválida' : dateFormat.format(date);
}

/** "Ordenanza N° 2845", or "Ordenanza sin número": names a norm in links and screen-reader labels. */
export function regulationName(regulation: Pick<PublishedRegulation, 'type' | 'number'>): string {
  const type = REGULATION_TYPE_LABELS[regulation.type];
  return regulation.number === null ? `${type} sin número` : `${type} N° ${regulation.number}`;
}

/** "Coincide en el tema y las palabras clave.": where a search found the norm; '' without a search. */
export function matchSentence(places: PublishedRegulation['matched_in']): string {
  const labels = places.map((place) => MATCH_PLACE_LABELS[place]);
  if (labels.length === 0) return '';
  const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} y ${labels[labels.length - 1]}`;
  return `Coincide en ${list}.`;
}
