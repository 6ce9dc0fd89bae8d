// The public search loads on demand, apart from every staff screen (DESIGN.md section 8).
export const loadPublicRegulationsPage = async () => ({ Component: (await import('./pages/public-regulations-page')).PublicRegulationsPage });
export const loadPublicRegulationPage = async () => ({ Component: (await import('./pages/public-regulation-page')).PublicRegulationPage });
export const loadPublicProjectPage = async () => ({ Component: (await import('./pages/public-project-page')).PublicProjectPage });
// What the server rendering needs of these pages (src/server/server-pages.ts); never in a browser chunk.
export { publicProjectServerPage, publicRegulationServerPage, publicRegulationsServerPage } from './server-pages';
// The search form's rules, for the server-rendered page's script (src/page/enhancers.ts).
export { filterErrors as regulationFilterErrors } from './filter-form';
