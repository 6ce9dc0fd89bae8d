import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { ToastContext, type ToastApi, type ToastOptions, type ToastVariant } from './toast-context';

export const DEFAULT_TOAST_DELAY_MS = 3000;

type ToastItem = { id: number; variant: ToastVariant; message: string; delay: number };

// Bootstrap colours of the theme; all of them reach WCAG AA with their text colour.
const VARIANT_CLASSES: Record<ToastVariant, { toast: string; closeWhite: boolean }> = {
  success: { toast: 'text-bg-success', closeWhite: true },
  warning: { toast: 'text-bg-warning', closeWhite: false },
  error: { toast: 'text-bg-danger', closeWhite: true },
};

function ToastMessage({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.delay);

  // Hovering or focusing the toast stops its clock, so that nobody loses a message while reading it.
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, onDismiss, toast.id]);

  const variant = VARIANT_CLASSES[toast.variant];
  return (
    <div
      className={`toast show align-items-center border-0 ${variant.toast}`}
      data-variant={toast.variant}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="d-flex">
        <div className="toast-body">{toast.message}</div>
        <CloseButton
          variant={variant.closeWhite ? 'white' : undefined}
          className="me-2 m-auto"
          aria-label="Cerrar aviso"
          onClick={() => onDismiss(toast.id)}
        />
      </div>
    </div>
  );
}

let nextToastId = 1;

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
function topBarSlot(): CSSProperties | undefined {
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

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [slot, setSlot] = useState<CSSProperties | undefined>(undefined);
  const showing = toasts.length > 0;

  // Measured when a message appears and while the window changes size (a phone turned sideways).
  useLayoutEffect(() => {
    if (!showing) return;
    const place = () => setSlot(topBarSlot());
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [showing]);

  const handleDismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show = (variant: ToastVariant) => (message: string, options?: ToastOptions) => {
      const toast = { id: nextToastId++, variant, message, delay: options?.delay ?? DEFAULT_TOAST_DELAY_MS };
      setToasts((current) => [...current, toast]);
    };
    return { success: show('success'), warning: show('warning'), error: show('error') };
  }, []);

  return (
    <ToastContext value={api}>
      {children}
      {/* The live region exists before any message, so that screen readers announce what enters it. */}
      <div className={`toast-container app-toasts position-fixed ${slot ? 'app-toasts-in-bar' : 'end-0 p-3'}`} style={slot} role="status" aria-live="polite">
        {toasts.map((toast) => (
          <ToastMessage key={toast.id} toast={toast} onDismiss={handleDismiss} />
        ))}
      </div>
    </ToastContext>
  );
}
