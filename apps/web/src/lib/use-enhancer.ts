import { useCallback } from 'react';
import type { Enhancer } from '../enhance/enhancer';

/**
 * A ref that gives a React-rendered element the same behaviour a server-rendered page gets from its
 * script (src/enhance): one implementation for both, for the parts the staff app renders too (the
 * public bar on /profile, the agenda filters of the panels). The enhancer must be a stable function.
 */
export function useEnhancer<E extends HTMLElement>(enhance: Enhancer<E>) {
  return useCallback((element: E | null) => (element ? (enhance(element) ?? undefined) : undefined), [enhance]);
}
