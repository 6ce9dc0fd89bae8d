import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the page is the server's HTML, true once the browser's script has taken it over. A form
 * that only works with the script (it sends a password to the API) keeps its button disabled until then:
 * a visitor who types fast on a slow phone cannot send it as a plain GET, password in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
