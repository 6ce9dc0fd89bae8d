/**
 * What a server-rendered page's script does to one element marked data-enhance="name": adds the
 * behaviour HTML alone cannot have, and returns how to take it away again (React's ref cleanup).
 */
export type Enhancer<E extends HTMLElement = HTMLElement> = (element: E) => (() => void) | void;

/** Listens and returns the way to stop: enhancers collect these for their cleanup. */
type Events = HTMLElementEventMap & DocumentEventMap & WindowEventMap;

export function listen<K extends keyof Events>(target: HTMLElement | Document | Window, type: K, handler: (event: Events[K]) => void): () => void {
  target.addEventListener(type, handler as EventListener);
  return () => target.removeEventListener(type, handler as EventListener);
}

/** Runs every cleanup (an enhancer's return value). */
export function all(cleanups: (() => void)[]): () => void {
  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}
