import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_COUNCIL_NAME, siteQueryOptions } from '../components/site';
import { councilDates, type CouncilDates } from '../lib/format';

/** The council's name as the site's settings give it (loaded by the public layout's preload). */
export function councilName(queryClient: QueryClient): string {
  return queryClient.getQueryData(siteQueryOptions().queryKey)?.council_name ?? DEFAULT_COUNCIL_NAME;
}

/** The council's calendar in the site's time zone, as the page's components read it (useCouncilDates). */
export function councilDatesOf(queryClient: QueryClient): CouncilDates {
  return councilDates(queryClient.getQueryData(siteQueryOptions().queryKey)?.time_zone);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The first words of a stored HTML text, as plain text for a meta description. Only the start of the
 * text is read (a news text can be megabytes); the result is escaped again where it is written.
 */
export function excerpt(html: string, maxLength = 160): string {
  const text = html
    .slice(0, 20_000)
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    });
  return textExcerpt(text, maxLength);
}

/** The first words of a plain text, spaces collapsed, cut after a whole word with '…'. */
export function textExcerpt(plain: string, maxLength = 160): string {
  const text = plain.replace(/\s+/g, ' ').trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), maxLength / 2))}…`;
}
