/**
 * Loads another address of the site (a submitted filter form, the panel after a login): one place,
 * so that tests can watch it. `replace` leaves the current page out of the history.
 */
export function goTo(address: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) window.location.replace(address);
  else window.location.assign(address);
}
