import { useContext } from 'react';
import { ToastContext, type ToastApi } from './toast-context';

/** Shows green (success), yellow (warning) or red (error) messages that hide themselves. */
export function useToast(): ToastApi {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>.');
  return toast;
}
