import type { DemType, LegalForce, PublishedRegulation, RegulationType } from '@concejo/contracts';

/** Where a public norm's approved PDF is downloaded (public while the norm is). */
export interface PublicFileUrls {
  publicPdf(key: string): string;
}

/** What a page of the public search shows of a norm (the in-memory index keeps it for every public norm). */
export interface ListedNorm {
  id: number;
  type: RegulationType;
  demType: DemType | null;
  number: number | null;
  subject: string;
  createdAt: Date;
  pdfApproved: string | null;
  legalForce: LegalForce;
  keywords: string[];
  /** `{sequence}-{C|D|P}-{year}`, or null for a norm registered before expedientes (DESIGN.md 9.2). */
  expediente: string | null;
  /** The day of its sanción (YYYY-MM-DD), or null where its path does not record one. */
  enactedOn: string | null;
}

export function presentPublished(
  row: Omit<ListedNorm, 'keywords'>,
  keywords: string[],
  match: { subject: boolean; keywords: boolean; pdf: boolean; excerpt: string | null } | undefined,
  urls: PublicFileUrls,
): PublishedRegulation {
  return {
    id: row.id,
    type: row.type,
    dem_type: row.demType,
    number: row.number,
    subject: row.subject,
    keywords: keywords.map((word) => ({ word })),
    created_at: row.createdAt.toISOString(),
    pdf_approved: row.pdfApproved ? urls.publicPdf(row.pdfApproved) : null,
    legal_force: row.legalForce,
    expediente: row.expediente,
    enacted_on: row.enactedOn,
    matched_in: match ? (['subject', 'keywords', 'pdf'] as const).filter((place) => match[place]) : [],
    excerpt: match?.excerpt ? excerptSegments(match.excerpt) : null,
  };
}

type PublishedMatch = Parameters<typeof presentPublished>[2];

/** What presentPublished ends with for a norm shown without a search; the rest of its JSON is the norm's own. */
const UNMATCHED_TAIL = ',"matched_in":[],"excerpt":null}';

/**
 * presentPublished's JSON without its closing part (where a search matched, the excerpt): the same for
 * every page that shows the norm, so a page of results serializes it once and keeps it
 * (publishedItemJson). Cut from presentPublished's own output, so the two cannot differ.
 */
export function publishedItemHead(row: ListedNorm, urls: PublicFileUrls): string {
  const whole = JSON.stringify(presentPublished(row, row.keywords, undefined, urls));
  if (!whole.endsWith(UNMATCHED_TAIL)) throw new Error('presentPublished no longer ends with matched_in and excerpt');
  return whole.slice(0, -UNMATCHED_TAIL.length);
}

/** JSON.stringify(presentPublished(row, row.keywords, match, urls)), from the norm's head (publishedItemHead). */
export function publishedItemJson(head: string, match: PublishedMatch): string {
  if (!match) return head + UNMATCHED_TAIL;
  const places = (['subject', 'keywords', 'pdf'] as const).filter((place) => match[place]);
  const excerpt = match.excerpt ? JSON.stringify(excerptSegments(match.excerpt)) : 'null';
  return `${head},"matched_in":${JSON.stringify(places)},"excerpt":${excerpt}}`;
}

/** ts_headline marks matches between \u0002 and \u0003; the client gets plain segments, never HTML. */
export function excerptSegments(marked: string): { text: string; match: boolean }[] {
  const segments: { text: string; match: boolean }[] = [];
  // eslint-disable-next-line no-control-regex -- the markers are control characters on purpose
  for (const [index, part] of marked.split(/[\u0002\u0003]/).entries()) {
    const text = part.replace(/\s+/g, ' ');
    if (text) segments.push({ text, match: index % 2 === 1 });
  }
  return segments;
}
