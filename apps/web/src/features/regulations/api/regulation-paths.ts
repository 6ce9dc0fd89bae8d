/**
 * API paths of the registry (DESIGN.md section 5). @concejo/contracts' API_PATHS does not list them
 * yet; they belong there (see the report of issue 3).
 */
export const REGULATION_API_PATHS = {
  list: '/regulations',
  related: '/regulations/related',
  detail: (id: number | string) => `/regulations/${encodeURIComponent(String(id))}`,
  create: '/regulations',
  update: (id: number | string) => `/regulations/${encodeURIComponent(String(id))}`,
  createOld: '/old-regulations',
  deleteOld: (id: number | string) => `/old-regulations/${encodeURIComponent(String(id))}`,
} as const;

/** Every query of this feature starts with this key, so that one invalidation refreshes them all after a write. */
export const REGULATIONS_QUERY_KEY = 'regulations';
