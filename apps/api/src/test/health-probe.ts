/**
 * The server's first answers, before a latency is measured: in a fresh clone the first requests of a
 * cold process took 110-140 ms before any work began (documents.latency.test.ts failed on them). Every
 * latency test warms up here, so that what it measures is its own work.
 */
export async function warmUp(address: string, requests = 20): Promise<void> {
  for (let request = 0; request < requests; request += 1) {
    const health = await fetch(`${address}/healthz`);
    if (health.status !== 200) throw new Error(`/healthz answered ${health.status} while warming up`);
  }
}

/**
 * Asks `${address}/healthz` again and again (`intervalMs` apart) until `work` settles, as a visitor
 * would while the server does something heavy in the background: every answer's time, and what did
 * not answer 200. Rejects with the work's own error once the probing has stopped.
 */
export async function probeHealthWhile<T>(address: string, work: Promise<T>, intervalMs = 20): Promise<{ value: T; latencies: number[]; failures: unknown[] }> {
  const latencies: number[] = [];
  const failures: unknown[] = [];
  let working = true;
  const probe = (async () => {
    while (working) {
      const started = performance.now();
      try {
        const health = await fetch(`${address}/healthz`);
        if (health.status !== 200) failures.push(health.status);
      } catch (error) {
        failures.push(error);
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  try {
    return { value: await work, latencies, failures };
  } finally {
    working = false;
    await probe;
  }
}
