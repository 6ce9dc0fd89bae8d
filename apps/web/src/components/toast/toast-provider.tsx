import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import { ToastContext, type ToastApi, type ToastOptions, type ToastVariant } from './toast-context';
import { DEFAULT_TOAST_DELAY_MS, topBarSlot, TOAST_VARIANTS, type ToastSlot } from './toast-slot';

type ToastItem = { id: number; variant: ToastVariant; message: string; delay: number };

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

  const variant = TOAST_VARIANTS[toast.variant];
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

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [slot, setSlot] = useState<ToastSlot | undefined>(undefined);
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
