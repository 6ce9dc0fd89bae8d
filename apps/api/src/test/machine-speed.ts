import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/**
 * Time budgets that hold on a loaded machine without going slack on an idle one.
 *
 * A test that says "refused within a second" means "within a second on an idle machine of the kind
 * the suite is written for" (2 cores, see the README). When other work shares the cores (a CI run
 * beside another job, the rest of the suite), every step takes longer in proportion, and a fixed
 * limit fails though nothing regressed. So the limit is scaled by how much slower an ordinary process runs
 * a fixed piece of JavaScript right now than it does on that idle machine, measured before and after
 * the timed work (the slower of the two counts). On an idle machine the factor is 1 and the limit is
 * the one written in the test; the regressions these tests guard against (a sanitiser holding the
 * server for minutes) are far beyond any factor.
 */

/** The fixed work's median time on an idle machine of this kind (2 cores, Node 20), in milliseconds. */
const IDLE_REFERENCE_MS = 20;
/** However loaded the machine, a limit never grows more than this. */
const MAX_FACTOR = 8;

/**
 * The fixed work, run in a process of its own at ordinary priority: latency tests raise their own
 * process's priority (test/priority.ts), while the work they time runs partly in document workers
 * below it, so the main thread alone would not see how loaded the machine is.
 */
const PROBE = `
const os = require('node:os');
try { os.setPriority(Number(process.argv[1] ?? 0)); } catch {}
function fixedWork() {
  const items = Array.from({ length: 8000 }, (_, index) => ({ id: index, name: 'norma ' + index, tags: ['a', 'b', String(index % 97)] }));
  const text = JSON.stringify(items);
  const back = JSON.parse(text);
  back.sort((a, b) => (a.name < b.name ? -1 : 1));
  return text.replace(/norma (\\d+)/g, 'n$1').length;
}
const times = [];
for (let round = 0; round < 7; round += 1) {
  const started = performance.now();
  fixedWork();
  times.push(performance.now() - started);
}
// The first rounds warm the JIT up; the median of the rest is the machine's present speed.
const warm = times.slice(2).sort((a, b) => a - b);
process.stdout.write(String(warm[Math.floor(warm.length / 2)]));
`;

/**
 * How many times slower than idle a process at `niceness` runs now (1 at least). Work done in a document
 * worker runs below the API's priority: on a loaded machine it slows down far more than an ordinary
 * process does, so timings that include it probe at the worker's niceness as well.
 */
export function slowdownNow(niceness = 0): number {
  const probe = spawnSync(process.execPath, ['-e', PROBE, String(niceness)], { encoding: 'utf8' });
  const ms = Number(probe.stdout);
  if (probe.status !== 0 || !Number.isFinite(ms)) throw new Error(`the speed probe failed: ${probe.stderr}`);
  return Math.min(MAX_FACTOR, Math.max(1, ms / IDLE_REFERENCE_MS));
}

/** Where the timed work runs: `workerNiceness` when part of it runs in a document worker (its niceness). */
interface TimedOptions {
  workerNiceness?: number;
}

/**
 * Runs `work` and answers how long it took, with the limit `idleLimitMs` scaled by the machine's
 * slowdown around it; assert `ms < limitMs`. The factor is in the answer for the failure message.
 */
export async function timed<T>(idleLimitMs: number, work: () => Promise<T>, options: TimedOptions = {}): Promise<{ value: T; ms: number; limitMs: number; factor: number }> {
  const before = slowdownFor(options);
  const started = performance.now();
  return scaled(idleLimitMs, before, started, await work(), options);
}

/** `timed` for synchronous work. */
export function timedSync<T>(idleLimitMs: number, work: () => T): { value: T; ms: number; limitMs: number; factor: number } {
  const before = slowdownFor({});
  const started = performance.now();
  return scaled(idleLimitMs, before, started, work(), {});
}

function slowdownFor(options: TimedOptions): number {
  return options.workerNiceness === undefined ? slowdownNow() : Math.max(slowdownNow(), slowdownNow(options.workerNiceness));
}

function scaled<T>(idleLimitMs: number, before: number, started: number, value: T, options: TimedOptions) {
  const ms = performance.now() - started;
  const factor = Math.max(before, slowdownFor(options));
  return { value, ms, limitMs: idleLimitMs * factor, factor };
}
