import { describe, expect, it } from 'vitest';
import { CONTACT_SIDE_TEXTS, CONTENT_MESSAGES, MAX_CONTACT_ALT } from './content-constants.js';
import { contactFieldsSchema, contactFormSchema, contactUploadIssues, type ContactRecord } from './content.js';

type Picked = { name: string; size: number };
const photo: Picked = { name: 'frente.png', size: 1000 };
const ADDRESS = 'Mesa de Entradas: Av. San Martín 450. Lunes a viernes de 8 a 14 h.';

/** A stored record: both images, with the texts given (null: uploaded before texts were asked for). */
function stored(left: string | null, right: string | null): ContactRecord {
  const side = { images: [], width: 1000, height: 750 };
  return {
    image_left: '/l.jpg',
    image_right: '/r.jpg',
    images_left: side.images,
    images_right: side.images,
    image_left_width: side.width,
    image_left_height: side.height,
    image_right_width: side.width,
    image_right_height: side.height,
    image_left_alt: left,
    image_right_alt: right,
  };
}

const form = (values: Partial<{ image_left: Picked | null; image_right: Picked | null; image_left_alt: string; image_right_alt: string }>) => ({
  image_left: null,
  image_right: null,
  image_left_alt: '',
  image_right_alt: '',
  ...values,
});

/** The form's messages by field, or what it would send. */
function submit(current: ContactRecord | null, values: Parameters<typeof form>[0]) {
  const result = contactFormSchema<Picked>(current).safeParse(form(values));
  return result.success ? { sends: Object.fromEntries(Object.entries(result.data).filter(([, value]) => value !== undefined)) } : { errors: result.error.flatten().fieldErrors };
}

describe('contact images: the API fields and rules', () => {
  it('trims a text, and refuses it blank or over the limit', () => {
    expect(contactFieldsSchema.parse({ image_left_alt: `  ${ADDRESS}\n` })).toEqual({ image_left_alt: ADDRESS });
    expect(contactFieldsSchema.safeParse({ image_right_alt: '  ' }).error?.flatten().fieldErrors).toEqual({ image_right_alt: [CONTACT_SIDE_TEXTS.right.altMissing] });
    expect(contactFieldsSchema.safeParse({ image_left_alt: 'a'.repeat(MAX_CONTACT_ALT + 1) }).error?.flatten().fieldErrors).toEqual({ image_left_alt: [CONTENT_MESSAGES.contactAltTooLong] });
    expect(contactFieldsSchema.safeParse({ image_left_alt: 'a'.repeat(MAX_CONTACT_ALT) }).success).toBe(true);
  });

  it('asks for something, a text with each new image, and an image for a text', () => {
    const none = { image: false, alt: undefined };
    const nothingStored = { left: false, right: false };
    expect(contactUploadIssues({ left: none, right: none }, nothingStored)).toEqual([{ field: 'image_left', message: CONTENT_MESSAGES.contactImageRequired }]);
    expect(contactUploadIssues({ left: { image: true, alt: undefined }, right: none }, nothingStored)).toEqual([{ field: 'image_left_alt', message: CONTACT_SIDE_TEXTS.left.altMissing }]);
    expect(contactUploadIssues({ left: none, right: { image: false, alt: ADDRESS } }, nothingStored)).toEqual([{ field: 'image_right_alt', message: CONTACT_SIDE_TEXTS.right.altWithoutImage }]);
    // A text alone for a stored image is the fix the cm may send without uploading it again.
    expect(contactUploadIssues({ left: none, right: { image: false, alt: ADDRESS } }, { left: false, right: true })).toEqual([]);
    expect(contactUploadIssues({ left: { image: true, alt: ADDRESS }, right: none }, nothingStored)).toEqual([]);
  });
});

describe('contact images: the cm form', () => {
  it('sends a picked image with its text, and asks for the text first', () => {
    expect(submit(null, { image_left: photo })).toEqual({ errors: { image_left_alt: [CONTACT_SIDE_TEXTS.left.altMissing] } });
    expect(submit(null, { image_left: photo, image_left_alt: ` ${ADDRESS} ` })).toEqual({ sends: { image_left: photo, image_left_alt: ADDRESS } });
  });

  it('says an empty form needs an image, and a text with no image on its side needs one', () => {
    expect(submit(null, {})).toEqual({ errors: { image_left: [CONTENT_MESSAGES.contactImageRequired] } });
    expect(submit(null, { image_right_alt: ADDRESS })).toEqual({ errors: { image_right_alt: [CONTACT_SIDE_TEXTS.right.altWithoutImage] } });
  });

  it('sends a corrected text alone, and nothing it did not change', () => {
    const current = stored(ADDRESS, 'Teléfono 4586-1200');
    expect(submit(current, { image_left_alt: ADDRESS, image_right_alt: 'Teléfono (011) 4586-1200' })).toEqual({ sends: { image_right_alt: 'Teléfono (011) 4586-1200' } });
    expect(submit(current, { image_left_alt: ADDRESS, image_right_alt: 'Teléfono 4586-1200' })).toEqual({ errors: { image_left: [CONTENT_MESSAGES.contactImageRequired] } });
    // A new image goes with its text, changed or not.
    expect(submit(current, { image_left: photo, image_left_alt: ADDRESS, image_right_alt: 'Teléfono 4586-1200' })).toEqual({ sends: { image_left: photo, image_left_alt: ADDRESS } });
  });

  it('refuses to clear the text of a stored image, and asks for one where an older image has none', () => {
    expect(submit(stored(ADDRESS, 'Teléfono'), { image_left_alt: '  ', image_right_alt: 'Teléfono' })).toEqual({ errors: { image_left_alt: [CONTACT_SIDE_TEXTS.left.altMissing] } });
    expect(submit(stored(null, null), { image_right_alt: 'Teléfono' })).toEqual({ errors: { image_left_alt: [CONTACT_SIDE_TEXTS.left.altMissing] } });
    expect(submit(stored(null, null), { image_left_alt: ADDRESS, image_right_alt: 'Teléfono' })).toEqual({ sends: { image_left_alt: ADDRESS, image_right_alt: 'Teléfono' } });
  });

  it('refuses a text over the limit, whichever side', () => {
    expect(submit(null, { image_left: photo, image_left_alt: 'a'.repeat(MAX_CONTACT_ALT + 1) })).toEqual({ errors: { image_left_alt: [CONTENT_MESSAGES.contactAltTooLong] } });
  });
});
