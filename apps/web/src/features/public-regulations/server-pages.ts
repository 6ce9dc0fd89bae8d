import { legalForceLabel, projectName, REGULATION_TYPE_LABELS, SITE_PATHS, type LegalForce, type PublishedRegulationDetail } from '@concejo/contracts';
import { ApiError } from '../../lib/api-client';
import type { CouncilDates } from '../../lib/format';
import { councilDatesOf, councilName, textExcerpt } from '../../server/page-text';
import type { PageContext, ServerPage } from '../../server/server-page';
import { askedDayOf, publishedRegulationQueryOptions } from './api/get-published-regulation';
import { publishedProjectQueryOptions } from './api/get-published-project';
import { publishedRegulationsQueryOptions } from './api/list-published-regulations';
import { FEED_HREF, FEED_TITLE } from './api/open-data';
import { readFilterParams, writeFilterParams } from './filters';
import { regulationName } from './format';
import { normAddress } from './norm-address';

/** '/normativas': the results of the search in the address come in the first HTML. */
export const publicRegulationsServerPage: ServerPage = {
  reading: true,
  preload: ({ queryClient, url }) => {
    const { filters, page } = readFilterParams(url.searchParams);
    return queryClient.prefetchQuery(publishedRegulationsQueryOptions(filters, page));
  },
  head: ({ queryClient, url }) => {
    const { filters, page } = readFilterParams(url.searchParams);
    const query = writeFilterParams(filters, page).toString();
    const council = councilName(queryClient);
    return {
      title: 'Normativas',
      // A search sent without JavaScript carries its empty fields too: one address per search.
      canonical: `${url.pathname}${query ? `?${query}` : ''}`,
      feed: { href: FEED_HREF, title: FEED_TITLE },
      // A search's words are whoever typed them: a page that repeats them is not for search engines to
      // index (nor to quote in its description), or anyone could publish a text under the council's name.
      noindex: Boolean(filters.search),
      description: `Ordenanzas, resoluciones, decretos y declaraciones del ${council}: busque por número, tipo, fecha o texto y descargue el PDF.`,
    };
  },
};

/** schema.org's LegalForceStatus for each legal force. */
const SCHEMA_LEGAL_FORCE: Record<LegalForce, string> = {
  in_force: 'https://schema.org/InForce',
  partially_repealed: 'https://schema.org/PartiallyInForce',
  repealed: 'https://schema.org/NotInForce',
  suspended: 'https://schema.org/NotInForce',
  lapsed: 'https://schema.org/NotInForce',
  void: 'https://schema.org/NotInForce',
};

/**
 * The norm as schema.org `Legislation` (JSON-LD): identifier, type, date, legal force, its PDF, and the
 * norms it changes (modifies, repeals, partially repeals: legislationChanges) or regulates
 * (legislationApplies: it implements them), each with its page.
 */
export function legislationJsonLd(norm: PublishedRegulationDetail, council: string, dates: CouncilDates, absolute: (path: string) => string): Record<string, unknown> {
  const reference = (link: PublishedRegulationDetail['links'][number]) => ({ '@type': 'Legislation', name: regulationName(link), url: absolute(SITE_PATHS.regulation(link.type, link.number)) });
  const outgoing = norm.links.filter((link) => link.direction === 'outgoing');
  const changes = outgoing.filter((link) => link.kind !== 'regulates').map(reference);
  const applies = outgoing.filter((link) => link.kind === 'regulates').map(reference);
  return {
    '@context': 'https://schema.org',
    '@type': 'Legislation',
    name: regulationName(norm),
    url: absolute(SITE_PATHS.regulation(norm.type, norm.number)),
    inLanguage: 'es-AR',
    legislationIdentifier: `${REGULATION_TYPE_LABELS[norm.type]} N° ${norm.number}`,
    legislationType: REGULATION_TYPE_LABELS[norm.type],
    // Its enactment (DESIGN.md 9.2), else the day it was approved or loaded, in the council's time zone (YYYY-MM-DD).
    legislationDate: norm.enacted_on ?? dates.calendar.day(new Date(norm.approved_at ?? norm.created_at)),
    legislationLegalForce: SCHEMA_LEGAL_FORCE[norm.legal_force],
    legislationPassedBy: { '@type': 'Organization', name: council },
    ...(norm.subject ? { abstract: norm.subject } : {}),
    ...(norm.keywords.length ? { keywords: norm.keywords.map((keyword) => keyword.word).join(', ') } : {}),
    ...(norm.authors.length ? { author: norm.authors.map((author) => ({ '@type': 'Person', name: author.name })) } : {}),
    ...(norm.pdf_approved ? { encoding: { '@type': 'MediaObject', contentUrl: absolute(norm.pdf_approved), encodingFormat: 'application/pdf' } } : {}),
    ...(changes.length ? { legislationChanges: changes } : {}),
    ...(applies.length ? { legislationApplies: applies } : {}),
  };
}

const addressOf = ({ params }: Pick<PageContext, 'params'>) => normAddress(params.tipo ?? '', params.numero ?? '');

/** '/normativas/{tipo}/{número}': the norm in the first HTML, with its sharing tags and its JSON-LD. */
export const publicRegulationServerPage: ServerPage = {
  reading: true,
  preload: (context) => {
    const address = addressOf(context);
    return address ? context.queryClient.prefetchQuery(publishedRegulationQueryOptions(address.type, address.number, askedDayOf(context.url.searchParams).day)) : Promise.resolve();
  },
  head: (context) => {
    const address = addressOf(context);
    const query = address && publishedRegulationQueryOptions(address.type, address.number, askedDayOf(context.url.searchParams).day);
    const norm = query && context.queryClient.getQueryData(query.queryKey);
    if (!norm) {
      const error = query && context.queryClient.getQueryState(query.queryKey)?.error;
      const missing = !query || (error instanceof ApiError && error.status === 404);
      return { title: 'Normativa', noindex: true, status: missing ? 404 : 503 };
    }
    const council = councilName(context.queryClient);
    const name = regulationName(norm);
    const force = norm.legal_force === 'in_force' ? '' : ` (${legalForceLabel(norm.legal_force, norm.type)})`;
    return {
      title: `${name}${force}`,
      description: textExcerpt(norm.subject ? `${name}${force}: ${norm.subject}` : `${name}${force} del ${council}.`, 200),
      canonical: SITE_PATHS.regulation(norm.type, norm.number),
      type: 'article',
      jsonLd: (absolute) => legislationJsonLd(norm, council, councilDatesOf(context.queryClient), absolute),
    };
  },
};

/**
 * '/normativas/expediente/{expediente}': a project in trámite in the first HTML; once it was enacted,
 * a permanent redirect to its norm's page (its public address from then on).
 */
export const publicProjectServerPage: ServerPage = {
  reading: true,
  preload: ({ queryClient, params }) => queryClient.prefetchQuery(publishedProjectQueryOptions(params.expediente ?? '')),
  head: ({ queryClient, params }) => {
    const query = publishedProjectQueryOptions(params.expediente ?? '');
    const project = queryClient.getQueryData(query.queryKey);
    if (project?.state === 'sancionada') return { redirect: SITE_PATHS.regulation(project.type, project.number), permanent: true };
    if (!project) {
      const error = queryClient.getQueryState(query.queryKey)?.error;
      return { title: 'Proyecto en trámite', noindex: true, status: error instanceof ApiError && error.status === 404 ? 404 : 503 };
    }
    const name = projectName(project);
    return {
      title: `${name} (en trámite)`,
      description: textExcerpt(project.subject ? `${name}, en trámite: ${project.subject}` : `${name}, en trámite en el ${councilName(queryClient)}.`, 200),
      canonical: SITE_PATHS.project(project.expediente),
      type: 'article',
    };
  },
};
