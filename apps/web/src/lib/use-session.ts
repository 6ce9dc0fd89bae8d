import { useSyncExternalStore } from 'react';
import { getSession, subscribeToSession, type Session } from './session';

/** The current session (null when logged out); components re-render on login, logout and other tabs' changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSession, () => null);
}
