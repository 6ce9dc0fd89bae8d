// The registry's staff pages load on demand, inside the staff panel: none of this reaches public pages.
export const loadRegulationListPage = async () => ({ Component: (await import('./pages/regulation-list-page')).RegulationListPage });
export const loadRegulationCreatePage = async () => ({ Component: (await import('./pages/regulation-create-page')).RegulationCreatePage });
export const loadOldRegulationCreatePage = async () => ({ Component: (await import('./pages/old-regulation-create-page')).OldRegulationCreatePage });
export const loadRegulationEditPage = async () => ({ Component: (await import('./pages/regulation-edit-page')).RegulationEditPage });
export const loadRegulationDetailsPage = async () => ({ Component: (await import('./pages/regulation-details-page')).RegulationDetailsPage });
