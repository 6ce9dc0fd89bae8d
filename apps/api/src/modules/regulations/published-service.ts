import type { PublicRegulationQuery, PublishedRegulationList } from '@concejo/contracts';
import type { Clock } from '../../lib/clock.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import { atomFeed, CSV_HEADER, csvCell, csvRow, feedTitle, jsonItem } from './open-data.js';
import { presentPublished, type FileUrls } from './presenter.js';
import type { RegulationRepository, RegulationRow } from './repository.js';
import type { TextIndexer } from './text-indexer.js';

export const PER_PAGE = 15;
/** A download holds every match, up to this many rows, read this many at a time. */
export const EXPORT_MAX_ROWS = 200_000;
const EXPORT_BATCH = 2000;

interface Deps {
  repository: RegulationRepository;
  /** Tells when a PDF's text joins the search (the public answers change). */
  indexer: Pick<TextIndexer, 'onIndexed'>;
  clock: Clock;
  urls: FileUrls;
  timeZone: string;
  /** For absolute links in downloads and the feed (never the request's Host). */
  site: { publicUrl: string; councilName: string };
}

/**
 * What citizens read of the registry: the public search of /normativas, its downloads (CSV, JSON) and
 * the Atom feed. `changed()` is called on every change to the registry.
 */
export function createPublishedRegulations({ repository, indexer, clock, urls, timeZone, site }: Deps) {
  const absolute = (path: string) => `${site.publicUrl}${path}`;
  // Citizens repeat the same searches; answers live as long as their HTTP max-age, and any change
  // to the registry (or a PDF's text joining the index) empties the cache.
  const publishedCache = createTtlCache<PublishedRegulationList>({ ttlMs: 60_000, maxEntries: 1000, now: () => clock.now().getTime() });
  const changed = () => publishedCache.clear();
  indexer.onIndexed(changed);

  return {
    changed,

    /** The public search of /normativas: public norms only, with where each one matched. */
    async listPublished(query: PublicRegulationQuery): Promise<PublishedRegulationList> {
      const key = JSON.stringify([query.page, query.search ?? '', query.numberSearch ?? '', query.type ?? '', query.from ?? '', query.to ?? '']);
      const cached = publishedCache.get(key);
      if (cached) return cached;
      const { rows, total, search } = await repository.listPublished(query, { perPage: PER_PAGE, timeZone });
      const ids = rows.map((row) => row.id);
      const [keywords, matches] = await Promise.all([
        repository.keywordsOf(ids),
        search ? repository.matchesOf(ids, search) : Promise.resolve(undefined),
      ]);
      const result: PublishedRegulationList = {
        data: rows.map((row) => presentPublished(row, keywords.get(row.id) ?? [], matches?.get(row.id), urls)),
        total,
        per_page: PER_PAGE,
        current_page: query.page,
        last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
      };
      publishedCache.set(key, result);
      return result;
    },

    /**
     * Every row of a public search, as CSV lines or JSON array pieces, produced batch by batch. The
     * first batch is read before this resolves, so that a query the database refuses (or a database
     * that is down) still gets an ordinary error answer instead of a 200 cut short.
     */
    async exportPublished(query: PublicRegulationQuery, format: 'csv' | 'json'): Promise<AsyncGenerator<string>> {
      const batches = repository.allPublished(query, { timeZone, batch: EXPORT_BATCH, max: EXPORT_MAX_ROWS });
      let written = 0;
      const render = async (rows: RegulationRow[] | void): Promise<string> => {
        if (!rows?.length) return '';
        const keywords = await repository.keywordsOf(rows.map((row) => row.id));
        const items = rows.map((row) => presentPublished(row, keywords.get(row.id) ?? [], undefined, urls));
        if (format === 'csv') return items.map((item) => `${csvRow(item, absolute)}\r\n`).join('');
        const pieces = items.map((item) => jsonItem(item, absolute));
        const separator = written > 0 ? ',' : '';
        written += pieces.length;
        return separator + pieces.join(',');
      };
      const first = await batches.next();
      const head = (format === 'csv' ? `\uFEFF${CSV_HEADER.map(csvCell).join(',')}\r\n` : '[') + (await render(first.value));
      return (async function* () {
        try {
          yield head;
          if (!first.done) {
            for (let next = await batches.next(); !next.done; next = await batches.next()) yield await render(next.value);
          }
        } finally {
          // Also when the client goes away midway: the batches stop being read.
          await batches.return(undefined);
        }
        if (format === 'json') yield ']';
      })();
    },

    /** The Atom feed of the 50 newest approvals. */
    async feed(): Promise<string> {
      const rows = await repository.latestApproved(50);
      return atomFeed({
        councilName: site.councilName,
        publicUrl: site.publicUrl,
        selfUrl: absolute('/api/v1/regulations/feed.atom'),
        now: clock.now(),
        entries: rows.map((row) => ({
          id: row.id,
          title: feedTitle(row),
          subject: row.subject,
          approvedAt: row.approvedAt ?? row.updatedAt,
          pdfUrl: row.pdfApproved ? absolute(urls.publicPdf(row.pdfApproved)) : null,
        })),
      });
    },

  };
}
