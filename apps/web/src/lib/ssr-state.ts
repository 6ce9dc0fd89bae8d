import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What a server-rendered page hands to the browser: the router's state and the query cache's data. */
export type SsrState = { router: HydrationState; queries: DehydratedState };

/** The element that carries it: JSON, never executed, so the CSP's ban on inline scripts holds. */
export const SSR_STATE_ID = 'ssr-state';

/** The state as the text of a `<script type="application/json">`: nothing in it can close the tag. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The state of the page the server rendered, or null for a client-side page (a staff panel). */
export function readSsrState(document: Document): SsrState | null {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return null;
  }
}
