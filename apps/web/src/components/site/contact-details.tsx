import type { SiteContact } from '@concejo/contracts';

/** Whether the server gave any of the council's contact details. */
export function hasContactDetails(contact: SiteContact | undefined): contact is SiteContact {
  return Boolean(contact && (contact.address || contact.phone || contact.email || contact.hours));
}

/** A `tel:` link's target: the phone's digits (and a leading +), as written in the settings. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The council's contact details as text (COUNCIL_* settings): an `<address>` whose phone and e-mail are
 * links, so that they can be read, copied, called and written to, unlike the images of 'Contacto'.
 * Nothing when none is configured.
 */
export function ContactDetails({ contact, className }: { contact: SiteContact | undefined; className?: string }) {
  if (!hasContactDetails(contact)) return null;
  const { address, phone, email, hours } = contact;
  return (
    <address className={className ? `contact-details ${className}` : 'contact-details'}>
      <dl>
        {address && (
          <div>
            <dt>Dirección</dt>
            <dd>{address}</dd>
          </div>
        )}
        {phone && (
          <div>
            <dt>Teléfono</dt>
            <dd>
              <a href={telHref(phone)}>{phone}</a>
            </dd>
          </div>
        )}
        {email && (
          <div>
            <dt>Correo electrónico</dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </div>
        )}
        {hours && (
          <div>
            <dt>Horario de atención</dt>
            <dd>{hours}</dd>
          </div>
        )}
      </dl>
    </address>
  );
}
