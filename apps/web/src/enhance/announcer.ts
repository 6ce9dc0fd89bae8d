/**
 * A visually hidden live region for what a page's script did that a screen reader would not otherwise
 * hear (the banners stopped, more news shown). Made at start (enhanceAll), like the toasts' region, so
 * that what enters it later is announced.
 */
export function announcer(): HTMLElement {
  const existing = document.getElementById('page-announcer');
  if (existing) return existing;
  const region = document.createElement('div');
  region.id = 'page-announcer';
  region.className = 'visually-hidden';
  // A live region without the status role: the page's own status regions (the toasts, a form's
  // result) stay the only ones a reader or a test finds by that role.
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  document.body.append(region);
  return region;
}

/** Says `message` to screen readers, politely (after what they are reading). */
export function announce(message: string): void {
  announcer().textContent = message;
}
