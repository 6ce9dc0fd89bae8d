import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setApiTransport } from '../lib/api-client';
import { loginPageReached } from '../lib/session';

// jsdom has no matchMedia; react-bootstrap's Offcanvas asks it for the breakpoint. Phones are not tested here.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// findBy and waitFor wait for a condition; on a loaded machine the first render of a lazy route can
// take longer than the default second, so they wait up to five before failing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // A server-rendered page is written into the document itself (render-server-page.ts), and files
  // share their worker's document: each test leaves it as it found it.
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.title = '';
  window.history.replaceState(null, '', '/');
  // A server render points the API client at its in-process transport; the next file's browser uses fetch.
  setApiTransport();
  window.localStorage.clear();
  // A session ended by a test that never showed the login page would keep the guards sending to /login.
  loginPageReached();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
