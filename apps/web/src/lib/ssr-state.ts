import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { ApiError } from './api-client';

/** What a server-rendered page hands to the browser: the router's state and the query cache's data. */
export type SsrState = { router: HydrationState; queries: DehydratedState };

/** The element that carries it: JSON, never executed, so the CSP's ban on inline scripts holds. */
export const SSR_STATE_ID = 'ssr-state';

/** The state as the text of a `<script type="application/json">`: nothing in it can close the tag. */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** An API error as it travels in the page (an Error's own fields are not enumerable: JSON drops them). */
type SentApiError = { apiError: true; status: number; message: string; errors: Record<string, string[]>; requestId: string | null };

/**
 * The queries the server ran, for the page: answers, and API errors too (a 404 page, a 422 search),
 * so that the browser's first render shows what the server's did. Other failures (network) are left
 * out: the browser tries again.
 */
export function sentQueries(state: DehydratedState): DehydratedState {
  const queries = state.queries.flatMap((query) => {
    if (query.state.status === 'success') return [query];
    const error = query.state.error;
    if (!(error instanceof ApiError)) return [];
    const sent: SentApiError = { apiError: true, status: error.status, message: error.message, errors: error.errors, requestId: error.requestId };
    return [{ ...query, state: { ...query.state, error: sent as unknown as Error } }];
  });
  return { ...state, queries };
}

/**
 * The queries as the browser's cache takes them: API errors become ApiError again, and every entry
 * counts as received now, whatever the two clocks say (the server's page cache empties on every
 * change, so a page's data is current when it leaves), so that no request repeats them at start.
 */
export function receivedQueries(state: DehydratedState, now = Date.now()): DehydratedState {
  const queries = state.queries.map((query) => {
    const sent = query.state.error as unknown as SentApiError | null;
    const error = sent?.apiError ? new ApiError(sent.status, sent.message, sent.errors, sent.requestId) : query.state.error;
    return { ...query, state: { ...query.state, error, dataUpdatedAt: now, errorUpdatedAt: error ? now : query.state.errorUpdatedAt } };
  });
  return { ...state, queries };
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
