// The open data page (/datos, DESIGN.md 9.2), loaded when it is opened.
export const loadOpenDataPage = async () => ({ Component: (await import('./pages/open-data-page')).OpenDataPage });
// What the server rendering needs of it (src/server/server-pages.ts).
export { openDataServerPage } from './server-pages';
