import { useCallback, useEffect, useRef } from 'react';

/** Runs a callback after a delay (spec 4's post-action timings); cancelled if the page goes away first. */
export function useDelayed(): (callback: () => void, ms: number) => void {
  const timers = useRef<number[]>([]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);
  return useCallback((callback: () => void, ms: number) => {
    timers.current.push(window.setTimeout(callback, ms));
  }, []);
}
