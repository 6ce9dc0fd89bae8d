import type { ImageVariant } from '@concejo/contracts';

/** `srcset` of the stored WebP variants, so that the browser downloads the width it shows. */
export function srcSetOf(variants: ImageVariant[]): string | undefined {
  return variants.length ? variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ') : undefined;
}

/** The fallback `src`: the narrowest variant at least `width` wide, else the widest, else the original. */
export function fallbackSrc(variants: ImageVariant[], original: string | null, width: number): string | undefined {
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  return (sorted.find((variant) => variant.width >= width) ?? sorted.at(-1))?.url ?? original ?? undefined;
}

// Widths the page shows images at: Bootstrap's container (minus its padding) at each breakpoint.
/** A banner spans the content column. */
export const BANNER_SIZES =
  '(min-width: 1400px) 1296px, (min-width: 1200px) 1116px, (min-width: 992px) 936px, (min-width: 768px) 696px, (min-width: 576px) 516px, calc(100vw - 24px)';
/** A news card is a third of the column on desktops, half on tablets, all of it on phones. */
export const NEWS_CARD_SIZES = '(min-width: 1400px) 416px, (min-width: 1200px) 356px, (min-width: 992px) 296px, (min-width: 768px) 336px, (min-width: 576px) 516px, calc(100vw - 24px)';
/** The news detail's picture: at most the reading column (48rem). */
export const NEWS_DETAIL_SIZES = '(min-width: 800px) 768px, calc(100vw - 24px)';
/** A contact image: half the column from tablets up. */
export const CONTACT_SIZES = '(min-width: 1400px) 636px, (min-width: 1200px) 546px, (min-width: 992px) 456px, (min-width: 768px) 336px, calc(100vw - 24px)';
