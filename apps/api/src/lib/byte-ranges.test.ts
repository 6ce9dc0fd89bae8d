import { describe, expect, it } from 'vitest';
import { requestedRange } from './byte-ranges.js';

describe('requestedRange', () => {
  it('reads a first-last range, an open one and a suffix, within the file', () => {
    expect(requestedRange('bytes=0-4', 100)).toEqual({ start: 0, end: 4 });
    expect(requestedRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    // Past the end: up to the last byte (RFC 9110 14.1.2); a suffix longer than the file: all of it.
    expect(requestedRange('bytes=50-5000', 100)).toEqual({ start: 50, end: 99 });
    expect(requestedRange('bytes=-5000', 100)).toEqual({ start: 0, end: 99 });
  });

  it('says unsatisfiable for a range that starts past the end, and for an empty suffix', () => {
    expect(requestedRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(requestedRange('bytes=999999999999999-', 100)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(requestedRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('ignores what it does not serve, so the whole file goes: other units, several ranges, malformed values', () => {
    for (const header of [undefined, '', 'bytes=', 'bytes=-', 'items=0-4', 'bytes=0-1,4-5', 'bytes=5-1', 'bytes=a-b', 'bytes=1e3-', `bytes=${'9'.repeat(16)}-`]) {
      expect(requestedRange(header, 100)).toBeUndefined();
    }
  });
});
