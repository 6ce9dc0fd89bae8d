import { SITE_PATHS, SUBSCRIPTION_PAGES, type Panel } from '@concejo/contracts';

type Id = string | number;

const segment = (value: Id) => encodeURIComponent(String(value));

/** A page inside a staff panel; the same child path exists under several panels (spec 2.2). */
function panelPage(path: string) {
  return { path, getHref: (base: Panel) => `${base}/${path}` };
}

function panelPageWithId(path: string) {
  return { path: `${path}/:id`, getHref: (base: Panel, id: Id) => `${base}/${path}/${segment(id)}` };
}

/**
 * Every route of the web app (spec 2.1 and 2.2). Routes are declared and links are built from this
 * table only, so that a path changes in one place; the public pages the server also names (the
 * sitemap, robots.txt) take theirs from the contracts' SITE_PATHS. Which page each path shows, and
 * where, is app/pages.tsx.
 */
export const paths = {
  home: { path: SITE_PATHS.home, getHref: () => SITE_PATHS.home },
  regulations: { path: SITE_PATHS.regulations, getHref: () => SITE_PATHS.regulations },
  /** The page of one public norm; its links are built with the contracts' SITE_PATHS.regulation. */
  regulation: { path: `${SITE_PATHS.regulations}/:tipo/:numero` },
  /** The page of a project in trámite an agenda made public; its links are built with SITE_PATHS.project. */
  project: { path: `${SITE_PATHS.regulations}/expediente/:expediente` },
  dayOrders: { path: SITE_PATHS.dayOrders, getHref: () => SITE_PATHS.dayOrders },
  login: { path: '/login', getHref: () => '/login' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  passwordReset: {
    path: '/password-reset/:token',
    getHref: (token: string, email: string) => `/password-reset/${segment(token)}?${new URLSearchParams({ email })}`,
  },
  verified: { path: '/verified/:status', getHref: (status: string) => `/verified/${segment(status)}` },
  /** Where an alert's links land (issue 16); the API redirects to them. */
  subscriptionConfirmed: { path: SUBSCRIPTION_PAGES.confirmed, getHref: () => SUBSCRIPTION_PAGES.confirmed },
  subscriptionError: { path: SUBSCRIPTION_PAGES.error, getHref: () => SUBSCRIPTION_PAGES.error },
  unsubscribe: { path: SUBSCRIPTION_PAGES.unsubscribe },
  accessibility: { path: SITE_PATHS.accessibility, getHref: () => SITE_PATHS.accessibility },
  openData: { path: SITE_PATHS.openData, getHref: () => SITE_PATHS.openData },
  news: { path: '/noticia/:id', getHref: (id: Id) => `/noticia/${segment(id)}` },
  profile: { path: '/profile', getHref: () => '/profile' },
  panel: {
    /** The panel's home: the regulation list, or the banners for cm. */
    root: { path: '', getHref: (base: Panel) => base },
    dayOrderCreate: panelPage('cargar-orden-dia'),
    /** The staff's own agenda list, inside the panel (issue 12); /ver-orden-dia stays the public one. */
    dayOrderList: panelPage('ordenes-del-dia'),
    regulationCreate: panelPage('cargar-normativa'),
    oldRegulationCreate: panelPage('cargar-normativa-antigua'),
    regulationEdit: panelPageWithId('modificar-normativa'),
    regulationDetails: panelPageWithId('detalles'),
    usersManage: panelPage('gestionar-usuarios'),
    userRegister: panelPage('registrar-usuario'),
    profile: panelPage('profile'),
    sessionSummaries: panelPage('resumen-sesion'),
    sessionSummary: panelPageWithId('resumen-sesion'),
    bannerCreate: panelPage('cargar-banner'),
    newsManage: panelPage('gestionar-noticias'),
    newsCreate: panelPage('cargar-noticia'),
    contactsUpload: panelPage('cargar-contactos'),
    /** The admin's counts of citizens' e-mail alerts (issue 16). */
    subscriptionCounts: panelPage('suscripciones'),
  },
} as const;

export type PanelPage = keyof typeof paths.panel;
