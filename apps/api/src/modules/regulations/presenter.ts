import { isPublicNorm, type Modification, type PublishedRegulation, type RegulationDetail, type StaffRegulationListItem } from '@concejo/contracts';
import type { AuthUser } from '../../plugins/auth.js';
import { regulationPolicy } from './policy.js';
import type { RegulationListRow, RegulationRow } from './repository.js';

export interface FileUrls {
  /** The URL of a public norm's approved PDF, public while the norm is. */
  publicPdf(key: string): string;
  /** Short-lived signed URL of a PDF for staff: a process PDF, or the approved PDF of a norm that is not public. */
  privatePdf(key: string): string;
}

export function presentListItem(
  row: RegulationListRow,
  related: { authors: string[]; keywords: string[] },
  user: AuthUser,
  urls: FileUrls,
): StaffRegulationListItem {
  return {
    id: row.id,
    type: row.type,
    dem_type: row.demType,
    number: row.number,
    cargo: row.cargo,
    subject: row.subject,
    created_at: row.createdAt.toISOString(),
    state: row.state,
    author_type: row.authorType,
    authors: related.authors.map((name) => ({ name })),
    keywords: related.keywords.map((word) => ({ word })),
    pdf_process: row.pdfProcess ? urls.privatePdf(row.pdfProcess) : null,
    // Public exactly while the norm is: an approved PDF of a norm in process (or of a type the site does not
    // publish) reaches staff by a signed link; its public address answers 404 (modules/files).
    pdf_approved: row.pdfApproved ? (isPublicNorm(row) ? urls.publicPdf(row.pdfApproved) : urls.privatePdf(row.pdfApproved)) : null,
    is_old: row.isOld ? 1 : 0,
    legal_force: row.legalForce,
    can: {
      update: regulationPolicy.canUpdate(user, row),
      delete: regulationPolicy.canDelete(user, row),
      details: regulationPolicy.canSeeDetails(user, row),
    },
  };
}

export function presentDetail(
  item: StaffRegulationListItem,
  row: RegulationRow,
  links: { modified: RegulationDetail['regulations_modified']; modifying: RegulationDetail['regulations_that_modify'] },
  history: { id: number; createdAt: Date; nameCell: string; oldCell: string | null; newCell: string | null; userName: string | null; userLastName: string | null }[],
): RegulationDetail {
  return {
    ...item,
    version: row.version,
    regulations_modified: links.modified,
    regulations_that_modify: links.modifying,
    modifications: history.map(
      (entry): Modification => ({
        id: entry.id,
        user: entry.userName !== null ? { name: entry.userName, last_name: entry.userLastName ?? '' } : null,
        updated_at: entry.createdAt.toISOString(),
        name_cell: entry.nameCell,
        old_cell: entry.oldCell,
        new_cell: entry.newCell,
      }),
    ),
  };
}

/** What a page of the public search shows of a norm (the in-memory index keeps it for every public norm). */
export type ListedNorm = Pick<RegulationListRow, 'id' | 'type' | 'demType' | 'number' | 'subject' | 'createdAt' | 'pdfApproved' | 'legalForce'> & { keywords: string[] };

export function presentPublished(
  row: Omit<ListedNorm, 'keywords'>,
  keywords: string[],
  match: { subject: boolean; keywords: boolean; pdf: boolean; excerpt: string | null } | undefined,
  urls: FileUrls,
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
export function publishedItemHead(row: ListedNorm, urls: FileUrls): string {
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
