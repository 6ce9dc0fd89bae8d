import os from 'node:os';

/**
 * Tests that measure latency measure what our own processes do to each other (the API and its
 * document workers), not what else runs on the machine: where the system allows it (as root, as in
 * CI), this test process is put ahead of ordinary processes. Document workers set their priority
 * relative to their parent's, so they stay as far below the API as in production.
 */
export function favourThisProcess(): void {
  try {
    os.setPriority(-10);
  } catch {
    // Not allowed (an ordinary user): the measure then includes the machine's other load.
  }
}
