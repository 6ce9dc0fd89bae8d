import { councilDay, isPublicRegulationType, NORMATIVA_COLUMNS, REGULATION_CSV_COLUMNS, type NormativaColumn, legalForceLabel, REGULATION_TYPE_LABELS, SITE_PATHS, stripControlCharacters, type LegalForce, type PublishedRegulation, type RegulationType } from '@concejo/contracts';
import type { OpenDataRow } from '../../lib/public-norm.js';
import { atomDocument, atomId } from '../../lib/atom.js';

/** normativas.csv's header: the site's columns, then datos.gob.ar's Normativa ones (contracts/open-data.ts says what each holds). */
export const CSV_HEADER = [...REGULATION_CSV_COLUMNS, ...NORMATIVA_COLUMNS].map((column) => column.name);

/** What the Normativa columns need besides the norm as the list shows it. */
export interface OpenDataContext {
  absolute: (path: string) => string;
  timeZone: string;
  councilName: string;
  /** «Villa del Parque, Buenos Aires»: the town and its province. */
  region: string;
}

const normName = (type: RegulationType, number: number | null) => `${REGULATION_TYPE_LABELS[type]} N° ${number ?? 's/n'}`;

/** A public norm in datos.gob.ar's Normativa columns, in their order. */
export function normativaValues(regulation: PublishedRegulation, facts: OpenDataRow | undefined, context: OpenDataContext): Record<NormativaColumn, string | number | null> {
  const page = isPublicRegulationType(regulation.type) && regulation.number !== null ? context.absolute(SITE_PATHS.regulation(regulation.type, regulation.number)) : null;
  const names = (pairs: readonly [RegulationType, number][] | undefined) => (pairs ?? []).map(([type, number]) => normName(type, number)).join('; ');
  return {
    norma_tipo: REGULATION_TYPE_LABELS[regulation.type],
    numero: regulation.number,
    nombre: normName(regulation.type, regulation.number),
    organismo_origen: context.councilName,
    fecha_sancion: regulation.enacted_on,
    fecha_boletin: facts?.publishedOn ?? null,
    numero_boletin: facts?.edition ?? null,
    pagina_boletin: facts?.page ?? null,
    texto_resumido: stripControlCharacters(regulation.subject),
    observaciones: legalForceLabel(regulation.legal_force, regulation.type),
    url_original: regulation.pdf_approved ? context.absolute(regulation.pdf_approved) : null,
    url_texto_actual: page,
    modificada_por: names(facts?.modifiedBy),
    modifica_a: names(facts?.modifies),
    region: context.region,
  };
}

/**
 * One CSV cell: quoted, quotes doubled, and a leading = + - @ (or tab, CR) neutralised with an
 * apostrophe so that a spreadsheet never runs a cell as a formula (CSV injection). Control characters
 * (rows saved before the forms refused them) are dropped.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : stripControlCharacters(String(value));
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One norm as a CSV line; its date is the council's calendar day (a norm saved at 22:30 there is not the next day's). */
export function csvRow(regulation: PublishedRegulation, facts: OpenDataRow | undefined, context: OpenDataContext): string {
  const normativa = normativaValues(regulation, facts, context);
  return [
    REGULATION_TYPE_LABELS[regulation.type],
    regulation.number,
    regulation.subject,
    regulation.keywords.map((keyword) => keyword.word).join('; '),
    councilDay(new Date(regulation.created_at), context.timeZone),
    regulation.pdf_approved ? context.absolute(regulation.pdf_approved) : '',
    legalForceLabel(regulation.legal_force, regulation.type),
    ...NORMATIVA_COLUMNS.map((column) => normativa[column.name]),
  ]
    .map(csvCell)
    .join(',');
}

/** A row of the JSON download: the search's own fields left out, links absolute, control characters dropped. */
export function jsonItem(regulation: PublishedRegulation, facts: OpenDataRow | undefined, context: OpenDataContext): string {
  const { matched_in: _matched, excerpt: _excerpt, ...item } = regulation;
  return JSON.stringify({
    ...item,
    subject: stripControlCharacters(item.subject),
    keywords: item.keywords.map((keyword) => ({ word: stripControlCharacters(keyword.word) })),
    pdf_approved: item.pdf_approved ? context.absolute(item.pdf_approved) : null,
    promulgated_on: facts?.promulgatedOn ?? null,
    published_on: facts?.publishedOn ?? null,
    in_force_from: facts?.inForceFrom ?? null,
    ...normativaValues(regulation, facts, context),
  });
}

export interface FeedEntry {
  id: number;
  title: string;
  subject: string;
  approvedAt: Date;
  /** The norm's own page on the site (absolute). */
  pageUrl: string | null;
  pdfUrl: string | null;
  legalForce: LegalForce;
  type: RegulationType;
}

/** An Atom 1.0 feed of newly approved norms, for readers and other sites. */
export function atomFeed(options: { councilName: string; publicUrl: string; selfUrl: string; entries: FeedEntry[]; now: Date }): string {
  return atomDocument({
    title: `${options.councilName}: normativas aprobadas`,
    id: atomId(options.publicUrl, 'regulations'),
    selfUrl: options.selfUrl,
    alternateUrl: `${options.publicUrl}/normativas`,
    updated: options.entries[0]?.approvedAt ?? options.now,
    author: options.councilName,
    entries: options.entries.map((entry) => ({
      title: entry.title,
      id: atomId(options.publicUrl, `regulation:${entry.id}`),
      updated: entry.approvedAt,
      links: [
        ...(entry.pageUrl ? [{ rel: 'alternate' as const, type: 'text/html', href: entry.pageUrl }] : []),
        ...(entry.pdfUrl ? [{ rel: 'alternate' as const, type: 'application/pdf', href: entry.pdfUrl }] : []),
      ],
      category: { term: entry.legalForce, label: legalForceLabel(entry.legalForce, entry.type) },
      summary: entry.subject,
    })),
  });
}

/** "Ordenanza N° 2845", as a norm is named in the feed. */
export function feedTitle(regulation: { type: PublishedRegulation['type']; number: number | null }): string {
  return `${REGULATION_TYPE_LABELS[regulation.type]} N° ${regulation.number ?? 's/n'}`;
}
