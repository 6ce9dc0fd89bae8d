import { councilDay, legalForceLabel, REGULATION_TYPE_LABELS, stripControlCharacters, type LegalForce, type PublishedRegulation, type RegulationType } from '@concejo/contracts';
import { atomDocument, atomId } from '../../lib/atom.js';

export const CSV_HEADER = ['Tipo', 'N°', 'Tema', 'Palabras clave', 'Fecha de creación', 'PDF', 'Vigencia'] as const;

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
export function csvRow(regulation: PublishedRegulation, absolute: (path: string) => string, timeZone: string): string {
  return [
    REGULATION_TYPE_LABELS[regulation.type],
    regulation.number,
    regulation.subject,
    regulation.keywords.map((keyword) => keyword.word).join('; '),
    councilDay(new Date(regulation.created_at), timeZone),
    regulation.pdf_approved ? absolute(regulation.pdf_approved) : '',
    legalForceLabel(regulation.legal_force, regulation.type),
  ]
    .map(csvCell)
    .join(',');
}

/** A row of the JSON download: the search's own fields left out, links absolute, control characters dropped. */
export function jsonItem(regulation: PublishedRegulation, absolute: (path: string) => string): string {
  const { matched_in: _matched, excerpt: _excerpt, ...item } = regulation;
  return JSON.stringify({
    ...item,
    subject: stripControlCharacters(item.subject),
    keywords: item.keywords.map((keyword) => ({ word: stripControlCharacters(keyword.word) })),
    pdf_approved: item.pdf_approved ? absolute(item.pdf_approved) : null,
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
