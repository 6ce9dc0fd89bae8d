import type { ImageVariant } from '@concejo/contracts';
import type { ComponentProps } from 'react';
import { fallbackSrc, srcSetOf } from '../images';

/** The image fields of a banner or a news item as the API returns them. */
type StoredImageFields = { image: string | null; images: ImageVariant[]; image_width: number | null; image_height: number | null };

type StoredImageProps = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'width' | 'height'> & {
  stored: StoredImageFields;
  /** The width the fallback `src` should have at least, for browsers that ignore `srcset`. */
  fallbackWidth: number;
  sizes: string;
};

/**
 * A stored image: its WebP variants as `srcset`, its proportions reserved before it loads (16:9 when
 * unknown; the pages' CSS sets the shown width), or nothing when the item has no image.
 */
export function StoredImage({ stored, fallbackWidth, ...img }: StoredImageProps) {
  if (!stored.image && stored.images.length === 0) return null;
  return (
    <img
      {...img}
      src={fallbackSrc(stored.images, stored.image, fallbackWidth)}
      srcSet={srcSetOf(stored.images)}
      width={stored.image_width ?? 1600}
      height={stored.image_height ?? 900}
    />
  );
}
