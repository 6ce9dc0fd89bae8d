import type { ToastVariant } from './toast-context';

/** Spec section 4: a toast hides itself after 3 seconds (its clock stops while it is hovered or focused). */
export const DEFAULT_TOAST_DELAY_MS = 3000;

// Bootstrap colours of the theme; all of them reach WCAG AA with their text colour.
export const TOAST_VARIANTS: Record<ToastVariant, { toast: string; closeWhite: boolean }> = {
  success: { toast: 'text-bg-success', closeWhite: true },
  warning: { toast: 'text-bg-warning', closeWhite: false },
  error: { toast: 'text-bg-danger', closeWhite: true },
};

/** Where the toasts go when the top bar has room: pixels from the top and the right, and the width. */
export type ToastSlot = { top: number; right: number; maxWidth: number };

/** Narrower than this, the top bar's free space cannot hold a message: it goes under the bar instead. */
const MIN_SLOT_PX = 200;
const GAP_PX = 8;

/**
 * Where the messages go: the free stretch of the top bar, between its left-hand controls (marked
 * `data-toast-after`: the panel's Menú button, the public links) and its right-hand ones
 * (`data-toast-before`: the user menu, Mi panel, the phone's menu toggle). There they cover at most the
 * council's name, never a page's button (the main one sits top-right, just under the bar). Controls
 * hidden at this width (the public links inside the closed phone menu) do not count.
 */
export function topBarSlot(): ToastSlot | undefined {
  const edges = (selector: string) =>
    [...document.querySelectorAll(selector)].map((element) => element.getBoundingClientRect()).filter((rect) => rect.width > 0 && rect.height > 0);
  const before = edges('[data-toast-before]');
  if (before.length === 0) return undefined;
  const right = Math.min(...before.map((rect) => rect.left)) - GAP_PX;
  const left = Math.max(GAP_PX, ...edges('[data-toast-after]').map((rect) => rect.right + GAP_PX));
  if (right - left < MIN_SLOT_PX) return undefined;
  const top = Math.max(0, Math.min(...before.map((rect) => rect.top)));
  return { top, right: document.documentElement.clientWidth - right, maxWidth: right - left };
}

