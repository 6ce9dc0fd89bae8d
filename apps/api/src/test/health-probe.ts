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
