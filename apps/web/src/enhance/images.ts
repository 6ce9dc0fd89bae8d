import type { Enhancer } from './enhancer';

/**
 * An outside picture (the weather's icon, from the service's CDN) that fails to arrive is left out
 * rather than shown broken; it may have failed before the script ran.
 */
export const enhanceDropIfBroken: Enhancer<HTMLImageElement> = (image) => {
  if (image.complete && image.naturalWidth === 0 && image.currentSrc !== '') {
    image.remove();
    return;
  }
  const drop = () => image.remove();
  image.addEventListener('error', drop, { once: true });
  return () => image.removeEventListener('error', drop);
};
