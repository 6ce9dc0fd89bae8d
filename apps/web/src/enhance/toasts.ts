import { DEFAULT_TOAST_DELAY_MS, topBarSlot, TOAST_VARIANTS } from '../components/toast/toast-slot';
import type { ToastVariant } from '../components/toast/toast-context';

/**
 * The toasts of a server-rendered page: the same messages, look and place as the app's ToastProvider
 * (components/toast), without React.
 */
/** The live region, made before any message (at start), so that screen readers announce what enters it. */
export function toastRegion(): HTMLElement {
  const existing = document.querySelector<HTMLElement>('.app-toasts');
  if (existing) return existing;
  const region = document.createElement('div');
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.className = 'toast-container app-toasts position-fixed end-0 p-3';
  document.body.append(region);
  return region;
}

function place(region: HTMLElement): void {
  const slot = topBarSlot();
  region.className = `toast-container app-toasts position-fixed ${slot ? 'app-toasts-in-bar' : 'end-0 p-3'}`;
  region.style.top = slot ? `${slot.top}px` : '';
  region.style.right = slot ? `${slot.right}px` : '';
  region.style.maxWidth = slot ? `${slot.maxWidth}px` : '';
}

export function showToast(variant: ToastVariant, message: string, delay = DEFAULT_TOAST_DELAY_MS): void {
  const region = toastRegion();
  place(region);
  const { toast: colours, closeWhite } = TOAST_VARIANTS[variant];
  const toast = document.createElement('div');
  toast.className = `toast show align-items-center border-0 ${colours}`;
  toast.dataset.variant = variant;
  const row = document.createElement('div');
  row.className = 'd-flex';
  const body = document.createElement('div');
  body.className = 'toast-body';
  body.textContent = message;
  const close = document.createElement('button');
  close.type = 'button';
  close.className = `btn-close${closeWhite ? ' btn-close-white' : ''} me-2 m-auto`;
  close.setAttribute('aria-label', 'Cerrar aviso');
  row.append(body, close);
  toast.append(row);
  region.append(toast);

  // Hovering or focusing the toast stops its clock, so that nobody loses a message while reading it.
  let remaining = delay;
  let startedAt = 0;
  let timer = 0;
  let paused = true;
  const dismiss = () => {
    window.clearTimeout(timer);
    toast.remove();
  };
  const run = () => {
    if (!paused) return;
    paused = false;
    startedAt = Date.now();
    timer = window.setTimeout(dismiss, remaining);
  };
  const pause = () => {
    if (paused) return;
    paused = true;
    window.clearTimeout(timer);
    remaining -= Date.now() - startedAt;
  };
  toast.addEventListener('mouseenter', pause);
  toast.addEventListener('focusin', pause);
  toast.addEventListener('mouseleave', run);
  toast.addEventListener('focusout', run);
  close.addEventListener('click', dismiss);
  run();
}

/** A toast the server rendered into the page (components/toast/page-toast.tsx), shown once it opens. */
export function enhancePageToast(element: HTMLElement): void {
  const variant = element.dataset.variant;
  showToast(variant === 'success' || variant === 'warning' ? variant : 'error', element.textContent ?? '');
  element.remove();
}
