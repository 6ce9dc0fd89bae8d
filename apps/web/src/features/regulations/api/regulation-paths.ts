/** Every query of this feature starts with this key, so that one invalidation refreshes them all after a write. */
export const REGULATIONS_QUERY_KEY = 'regulations';
