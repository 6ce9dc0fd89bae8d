import { createContext } from 'react';

export type ToastVariant = 'success' | 'warning' | 'error';

export type ToastOptions = {
  /** Milliseconds before the toast hides itself (default 3000, spec section 4). */
  delay?: number;
};

export type ToastApi = {
  success: (message: string, options?: ToastOptions) => void;
  warning: (message: string, options?: ToastOptions) => void;
  error: (message: string, options?: ToastOptions) => void;
};

export const ToastContext = createContext<ToastApi | null>(null);
