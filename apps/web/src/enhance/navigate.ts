/** Loads another address of the site (a submitted filter form): one place, so that tests can watch it. */
export function goTo(address: string): void {
  window.location.assign(address);
}
