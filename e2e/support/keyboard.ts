import { type Locator, type Page } from '@playwright/test';

type FocusState = { element: string; visible: boolean; visitedBefore: boolean };

/**
 * What the focused element shows of its focus, read from its computed style; with `mark`, also
 * whether tabThroughPage's round had already visited it (and it is marked as visited), in the same
 * round trip to the page.
 */
async function focusState(page: Page, mark = false): Promise<FocusState | null> {
  return page.evaluate((mark) => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const visited = (window as Window & { __tabStops?: WeakSet<Element> }).__tabStops;
    const visitedBefore = mark && visited !== undefined && visited.has(element);
    if (mark) visited?.add(element);
    const described = { element: element.outerHTML.slice(0, 160), visitedBefore };
    // A date or time field's calendar button is a Tab stop of its own, inside the browser's part of the
    // field: the field is then the active element without matching :focus, and the browser draws that
    // button's ring itself (seen in a screenshot), out of reach of the page's styles.
    const pickerButton = element instanceof HTMLInputElement && /^(date|datetime-local|time|month|week)$/.test(element.type) && !element.matches(':focus');
    if (pickerButton) return { ...described, visible: true };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return { ...described, visible: outline || ring };
  }, mark);
}

/**
 * The focus's state just after a Tab, once a ring that fades in (Bootstrap's box-shadow transition)
 * has had a moment; `mark` as in focusState, for the first reading only.
 */
async function settledFocusState(page: Page, mark = false) {
  let state = await focusState(page, mark);
  for (const started = Date.now(); state && !state.visible && !state.visitedBefore && Date.now() - started < 1000; ) {
    await page.waitForTimeout(50);
    state = await focusState(page);
  }
  return state;
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus, as a keyboard user moves
 * through a page, and fails when any element it passes shows no focus (WCAG 2.4.7) or the target is
 * not reached within `limit` presses (it cannot be reached with the keyboard).
 */
export async function tabTo(page: Page, target: Locator, { limit = 80, backwards = false } = {}): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const state = await settledFocusState(page);
    if (state && !state.visible) throw new Error(`the focus is not visible on ${state.element}`);
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${String(target)} was not reached with ${limit} presses of Tab`);
}

type TabStop = { element: string; visible: boolean };

/**
 * Tabs through the whole page from its top, once round, and returns every element the focus visited
 * with whether its focus showed; stops at the first element visited twice or after `limit` presses.
 */
export async function tabThroughPage(page: Page, { limit = 200 } = {}): Promise<TabStop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    (window as Window & { __tabStops?: WeakSet<Element> }).__tabStops = new WeakSet();
  });
  const stops: TabStop[] = [];
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const state = await settledFocusState(page, true);
    if (state?.visitedBefore) return stops;
    if (state) stops.push({ element: state.element, visible: state.visible });
  }
  return stops;
}
