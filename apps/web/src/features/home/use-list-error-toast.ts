import { CONTENT_MESSAGES } from '@concejo/contracts';
import { useEffect } from 'react';
import { useToast } from '../../components/toast/use-toast';

/** Spec 8: a failed banner or news list shows one red toast, the same text for both. */
export function useListErrorToast(failed: boolean) {
  const toast = useToast();
  useEffect(() => {
    if (failed) toast.error(CONTENT_MESSAGES.publicListError);
  }, [failed, toast]);
}
