import type { ImageVariant } from '@concejo/contracts';

/** A stored image at the size shown: the WebP variants as srcset, the re-encoded original as fallback. */
export function ContentImage({ image, images, alt, sizes, className, width, height }: { image: string | null; images: ImageVariant[]; alt: string; sizes: string; className?: string; width?: number | null; height?: number | null }) {
  if (!image && !images.length) return null;
  const srcSet = images.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
  return (
    <img
      src={images[0]?.url ?? image ?? undefined}
      srcSet={srcSet || undefined}
      sizes={sizes}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={width ?? undefined}
      height={height ?? undefined}
      className={className}
    />
  );
}
