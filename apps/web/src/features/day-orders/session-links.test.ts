import { PANELS } from '@concejo/contracts';
import { describe, expect, it } from 'vitest';
import { PANEL_PAGES } from '../../app/pages';
import { hasSessionDetail } from './session-links';

describe('hasSessionDetail', () => {
  it.each(PANELS)('agrees with the route table for %s', (panel) => {
    expect(hasSessionDetail(panel)).toBe(PANEL_PAGES[panel].includes('sessionSummary'));
  });
});
