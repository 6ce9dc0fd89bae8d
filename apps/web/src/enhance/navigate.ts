/**
 * The browser's page loads, in one object so that a test can watch them without replacing the module
 * (`vi.spyOn(pageLoads, 'load')`: test files share their worker's modules).
 */
export const pageLoads = {
  load(address: string, replace: boolean): void {
    if (replace) window.location.replace(address);
    else window.location.assign(address);
  },
};

/**
 * Loads another address of the site (a submitted filter form, the panel after a login): one place,
 * so that tests can watch it. `replace` leaves the current page out of the history.
 */
export function goTo(address: string, { replace = false }: { replace?: boolean } = {}): void {
  pageLoads.load(address, replace);
}
