/** Sends `count` requests at once (Promise.all), the n-th made by `send(n)`: a burst, as an attacker's script sends it. */
export function together<T>(count: number, send: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => send(index)));
}

/** How many answers had each status, e.g. `{ 202: 5, 429: 35 }`. */
export function statusCounts(answers: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}
