/**
 * A check against the database that many requests share: one arriving while a check is under way
 * waits for the next one (which starts after it arrived, so it sees every change committed before
 * the caller asked), and many requests at once cost two checks, not many.
 */
export function sharedRoundTrip<T>(check: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = () => {
    const started = check().finally(() => {
      if (inFlight === started) inFlight = undefined;
    });
    inFlight = started;
    return started;
  };
  return () => {
    if (!inFlight) return start();
    queued ??= inFlight
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return inFlight ?? start();
      });
    return queued;
  };
}
