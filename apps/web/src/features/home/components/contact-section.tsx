import { CONTACT_SIDE_TEXTS, CONTENT_MESSAGES, type ContactRecord, type SiteContact } from '@concejo/contracts';
import { LoadError } from '../../../components/load-error';
import { ContactDetails } from '../../../components/site';
import { CONTACT_SIZES, fallbackSrc, srcSetOf } from '../images';

type ContactSectionProps = {
  contact: ContactRecord | null | undefined;
  /** The council's contact details as text (the site's settings). */
  details: SiteContact | undefined;
  failed: boolean;
  retryHref: string;
};

/**
 * 'Contacto' (spec 2.3): the council's contact details as text, then the left and right images with the
 * text alternatives the cm wrote (a generic one for an image uploaded before them), or 'No hay imágenes
 * disponibles.' (and a failure says it failed).
 */
export function ContactSection({ contact, details, failed, retryHref }: ContactSectionProps) {
  const images = contact
    ? [
        {
          key: 'left',
          original: contact.image_left,
          variants: contact.images_left,
          width: contact.image_left_width,
          height: contact.image_left_height,
          alt: contact.image_left_alt ?? CONTACT_SIDE_TEXTS.left.altFallback,
        },
        {
          key: 'right',
          original: contact.image_right,
          variants: contact.images_right,
          width: contact.image_right_width,
          height: contact.image_right_height,
          alt: contact.image_right_alt ?? CONTACT_SIDE_TEXTS.right.altFallback,
        },
      ].filter((image) => image.original || image.variants.length > 0)
    : [];
  return (
    <section className="home-section" aria-labelledby="home-contact-title" id="contacto">
      <h2 id="home-contact-title" className="home-section-title">
        Contacto
      </h2>
      <ContactDetails contact={details} className="mb-4" />
      {failed ? (
        <LoadError message={CONTENT_MESSAGES.contactLoadFailed} retryHref={retryHref} />
      ) : images.length === 0 ? (
        <p>{CONTENT_MESSAGES.contactEmpty}</p>
      ) : (
        <div className="row g-4">
          {images.map((image) => (
            <div key={image.key} className="col-12 col-md-6">
              <img
                className="img-fluid rounded shadow-sm contact-image"
                src={fallbackSrc(image.variants, image.original, 480)}
                srcSet={srcSetOf(image.variants)}
                sizes={CONTACT_SIZES}
                // The intrinsic size reserves the image's space (CSS scales it): the page does not jump as it loads.
                width={image.width ?? undefined}
                height={image.height ?? undefined}
                alt={image.alt}
                loading="lazy"
                decoding="async"
              />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
