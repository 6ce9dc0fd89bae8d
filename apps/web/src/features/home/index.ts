// The home page and the news detail load on demand, apart from every staff screen and the editor
// (DESIGN.md section 8); the detail alone brings DOMPurify.
export const loadHomePage = async () => ({ Component: (await import('./pages/home-page')).HomePage });
export const loadNewsDetailPage = async () => ({ Component: (await import('./pages/news-detail-page')).NewsDetailPage });
// What the server rendering needs of these pages (src/server/server-pages.ts); never in a browser chunk.
export { homeServerPage, newsServerPage } from './server-pages';
