import type { ToastVariant } from './toast-context';

/**
 * A toast a server-rendered page shows as it opens (spec 8's red toast for a list that failed): sent
 * hidden, shown by enhance/toasts.ts like any other toast.
 */
export function PageToast({ variant, message }: { variant: ToastVariant; message: string }) {
  return (
    <div data-enhance="page-toast" data-variant={variant} hidden>
      {message}
    </div>
  );
}
