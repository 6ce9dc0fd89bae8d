/**
 * API paths, relative to API_BASE. Fixed by DESIGN.md section 5 so front end, tests and clients agree.
 *
 * Every module's paths live in a table of contracts: this file (the session, the site, the registry,
 * the alerts), DAY_ORDER_PATHS (day-order-constants.ts), CONTENT_PATHS (content-constants.ts),
 * ACCOUNT_PATHS (users.ts) and PUBLIC_MEDIA_PATHS (public-media-constants.ts). A path with a parameter
 * has two entries: `xRoute`, the pattern the API registers (`/regulations/:id`), and `x(id)`, the
 * address a client calls. The API's routes and the web's fetchers read both from here.
 */
export const API_BASE = '/api/v1';

const segment = (value: number | string) => encodeURIComponent(String(value));

/** The registry (staff) and the public search of norms, with its downloads and feed. */
export const REGULATION_PATHS = {
  list: '/regulations',
  related: '/regulations/related',
  oneRoute: '/regulations/:id',
  one: (id: number | string) => `/regulations/${segment(id)}`,
  /** The trámite of a regulation (DESIGN.md 9.2). */
  actionsRoute: '/regulations/:id/actions',
  actions: (id: number | string) => `/regulations/${segment(id)}/actions`,
  actionRoute: '/regulations/:id/actions/:actionId',
  action: (id: number | string, actionId: number | string) => `/regulations/${segment(id)}/actions/${segment(actionId)}`,
  /** The PDF of a despacho (multipart `pdf` to attach or replace it; DELETE to remove it). */
  actionPdfRoute: '/regulations/:id/actions/:actionId/pdf',
  actionPdf: (id: number | string, actionId: number | string) => `/regulations/${segment(id)}/actions/${segment(actionId)}/pdf`,
  /** The note (and a suspension's last day) of the link between two norms; `:otherId` either way round. */
  linkRoute: '/regulations/:id/links/:otherId',
  link: (id: number | string, otherId: number | string) => `/regulations/${segment(id)}/links/${segment(otherId)}`,
  /** Its own legal-force facts: the term written in it, the day it was declared null. */
  legalForceRoute: '/regulations/:id/legal-force',
  legalForce: (id: number | string) => `/regulations/${segment(id)}/legal-force`,
  oldList: '/old-regulations',
  oldOneRoute: '/old-regulations/:id',
  oldOne: (id: number | string) => `/old-regulations/${segment(id)}`,
  published: '/regulations/published',
  publishedNormRoute: '/regulations/published/:type/:number',
  publishedNorm: (type: string, number: number | string) => `/regulations/published/${segment(type)}/${segment(number)}`,
  /** A project in trámite listed in an agenda, by its expediente (DESIGN.md 9.2); once enacted, where its norm is. */
  publishedProjectRoute: '/regulations/published/expediente/:expediente',
  publishedProject: (expediente: string) => `/regulations/published/expediente/${segment(expediente)}`,
  /** The open-data downloads of the public search (the same filters). */
  download: (format: 'csv' | 'json') => `/regulations/published.${format}` as const,
  feed: '/regulations/feed.atom',
} as const;

/** The citizens' e-mail alerts (issue 16). */
export const SUBSCRIPTION_PATHS = {
  subscriptions: '/subscriptions',
  confirmRoute: '/subscriptions/confirm/:token',
  confirm: (token: string) => `/subscriptions/confirm/${segment(token)}`,
  unsubscribeRoute: '/subscriptions/unsubscribe/:token',
  unsubscribe: (token: string) => `/subscriptions/unsubscribe/${segment(token)}`,
  counts: '/subscriptions/counts',
} as const;

/** Uploaded and generated files, under a folder each (`/files/news/12.jpg`); the API hands out their addresses. */
export const FILES_PATH = '/files';

export const API_PATHS = {
  login: '/login',
  logout: '/logout',
  user: '/user',
  site: '/public/site',
  contact: '/contact',
  publishedBanners: '/banners/published',
  publishedNews: '/news/published',
  publishedNewsItemRoute: '/news/published/:id',
  publishedNewsItem: (id: number | string) => `/news/published/${segment(id)}`,
  subscriptions: SUBSCRIPTION_PATHS.subscriptions,
  unsubscribe: SUBSCRIPTION_PATHS.unsubscribe,
  subscriptionCounts: SUBSCRIPTION_PATHS.counts,
} as const;
