// The public search loads on demand, apart from every staff screen (DESIGN.md section 8).
export const loadPublicRegulationsPage = async () => ({ Component: (await import('./pages/public-regulations-page')).PublicRegulationsPage });
