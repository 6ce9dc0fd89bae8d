import type { Page } from '@playwright/test';

type HeldWindow = Window & { __heldTimers?: Map<number, () => void> };

/**
 * From the next page load on, a `setTimeout` of exactly `delayMs` set while the page is at `path`
 * waits until `releaseHeldTimers` instead of firing (a `clearTimeout` still cancels it); every other
 * timer runs as usual. For a page that leaves on its own after a few seconds, so a slow check (axe
 * takes seconds on a busy machine) reads it whole. Playwright's fake clock would hold axe's own
 * timers too, and axe would never end.
 */
export async function holdTimers(page: Page, path: string, delayMs: number) {
  await page.addInitScript(
    ({ path, heldDelay }) => {
      const held = new Map<number, () => void>();
      (window as HeldWindow).__heldTimers = held;
      let lastId = 0;
      const schedule = window.setTimeout.bind(window);
      const cancel = window.clearTimeout.bind(window);
      window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
        if (typeof handler !== 'function' || delay !== heldDelay || window.location.pathname !== path) {
          return schedule(handler, delay, ...rest);
        }
        lastId -= 1; // negative, so never one of the browser's own ids
        held.set(lastId, () => (handler as (...args: unknown[]) => void)(...rest));
        return lastId;
      }) as typeof window.setTimeout;
      window.clearTimeout = ((id?: number) => {
        if (id === undefined || !held.delete(id)) cancel(id);
      }) as typeof window.clearTimeout;
    },
    { path, heldDelay: delayMs },
  );
}

/** Runs the timers `holdTimers` holds on the current page; returns how many there were. */
export async function releaseHeldTimers(page: Page): Promise<number> {
  return page.evaluate(() => {
    const held = (window as HeldWindow).__heldTimers ?? new Map<number, () => void>();
    const due = [...held.values()];
    held.clear();
    for (const run of due) run();
    return due.length;
  });
}
