/** The read-only profile loads when opened: its answer is parsed with the contracts' schema (zod). */
export const loadProfilePage = async () => ({ Component: (await import('./pages/profile-page')).ProfilePage });
