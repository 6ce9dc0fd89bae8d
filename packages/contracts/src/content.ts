import { z } from './zod.js';
import { dateTimeSchema } from './dates.js';
import { hasControlCharacters, TEXT_MESSAGES, textSchema } from './text.js';
import {
  CONTACT_FIELDS,
  CONTACT_SIDE_TEXTS,
  CONTACT_SIDES,
  CONTENT_MESSAGES,
  MAX_BANNER_DESCRIPTION,
  MAX_BANNER_TEXT,
  MAX_CONTACT_ALT,
  MAX_NEWS_DESCRIPTION_INPUT,
  MAX_NEWS_TITLE,
  type ContactSide,
} from './content-constants.js';

/** One stored WebP variant of an image. */
export const imageVariantSchema = z.object({ url: z.string(), width: z.number() });
export type ImageVariant = z.infer<typeof imageVariantSchema>;

/**
 * A stored image as the API returns it: `image` is the re-encoded full-size file (PNG/JPEG/WebP like
 * the upload), `images` its WebP variants, narrowest first; width and height let pages reserve space.
 */
const storedImageFields = {
  image: z.string().nullable(),
  images: z.array(imageVariantSchema),
  image_width: z.number().nullable(),
  image_height: z.number().nullable(),
};

const statusSchema = z.union([z.literal(0), z.literal(1)]);

export const bannerSchema = z.object({
  id: z.number(),
  ...storedImageFields,
  alt: z.string().nullable(),
  caption: z.boolean(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  status: statusSchema,
  publication_date: z.string().nullable(),
  unpublication_date: z.string().nullable(),
  type: z.literal('banner'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerListSchema = z.array(bannerSchema);

export const newsItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Sanitised HTML (server-side allow-list at write time); render it, still through DOMPurify. */
  description: z.string(),
  ...storedImageFields,
  status: statusSchema,
  publication_date: z.string().nullable(),
  unpublication_date: z.string().nullable(),
  video_url: z.string().nullable(),
  type: z.literal('new'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;
export const newsListSchema = z.array(newsItemSchema);

export const contactRecordSchema = z.object({
  image_left: z.string().nullable(),
  image_right: z.string().nullable(),
  images_left: z.array(imageVariantSchema),
  images_right: z.array(imageVariantSchema),
  /** Each side's size in pixels, so the page reserves its space before it loads (null without an image). */
  image_left_width: z.number().int().nullable(),
  image_left_height: z.number().int().nullable(),
  image_right_width: z.number().int().nullable(),
  image_right_height: z.number().int().nullable(),
  /** Each side's text alternative: what the image says. Null for an image uploaded before texts were asked for. */
  image_left_alt: z.string().nullable(),
  image_right_alt: z.string().nullable(),
});
export type ContactRecord = z.infer<typeof contactRecordSchema>;
/** GET /contact: an array whose first element is used (spec 3); empty when nothing was uploaded yet. */
export const contactListSchema = z.array(contactRecordSchema);

export const messageResponseSchema = z.object({ message: z.string() });

// ---- Forms (multipart text fields; files travel beside them) ----

/**
 * A file picked in a form (the browser's `File`, named by the caller: contracts know no DOM). The API
 * reads its files apart, as streams; this is for the forms that hold one beside their text fields.
 */
export function pickedFileSchema<F extends object>(message: string) {
  return z.custom<F>((value) => typeof value === 'object' && value !== null && 'name' in value && 'size' in value, { error: message });
}

/** Multipart forms send an empty string for a field left blank. */
const emptyAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** 0 or 1, as a number or a form string; 0 is a real value (the reference product's defect is fixed). */
const statusField = (message: string) =>
  z.preprocess(
    (value) => (value === '0' || value === 0 ? 0 : value === '1' || value === 1 ? 1 : value),
    z.union([z.literal(0), z.literal(1)], { error: message }),
  );

const flagField = z.preprocess(
  (value) => (value === 'true' || value === '1' || value === 1 || value === true ? true : value === 'false' || value === '0' || value === 0 || value === false ? false : value),
  z.boolean({ error: 'El valor debe ser verdadero o falso.' }),
);

/** ISO 8601; one without an offset is a wall-clock time in the council's time zone. Empty clears it. */
const windowDate = z.preprocess(
  (value) => (value === '' ? null : value),
  dateTimeSchema(CONTENT_MESSAGES.dateInvalid).nullable().optional(),
);

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    textSchema().max(max, { error: `${label} puede tener hasta ${max} caracteres.` }).optional(),
  );

const httpUrl = z.preprocess(
  emptyAsMissing,
  z
    .url({ protocol: /^https?$/, error: CONTENT_MESSAGES.newsVideoUrlInvalid })
    .max(2000, { error: CONTENT_MESSAGES.newsVideoUrlInvalid })
    .refine((url) => !hasControlCharacters(url), { error: TEXT_MESSAGES.controlCharacters })
    .optional(),
);

const bannerTextFields = {
  alt: optionalText(MAX_BANNER_TEXT, 'El texto alternativo'),
  caption: flagField.optional(),
  title: optionalText(MAX_BANNER_TEXT, 'El título'),
  description: optionalText(MAX_BANNER_DESCRIPTION, 'La descripción'),
  publication_date: windowDate,
  unpublication_date: windowDate,
};

/** POST /banners text fields (the `image` file is required beside them). */
export const createBannerFieldsSchema = z.object({
  status: z.preprocess(emptyAsMissing, statusField('El estado no es válido.').default(1)),
  type: z.literal('banner', { error: 'El tipo debe ser banner.' }).optional(),
  ...bannerTextFields,
});
export type CreateBannerFields = z.infer<typeof createBannerFieldsSchema>;

/** POST /banners/:id text fields: only what is sent changes; `image` is optional. */
export const updateBannerFieldsSchema = z.object({
  status: z.preprocess(emptyAsMissing, statusField('El estado no es válido.').optional()),
  ...bannerTextFields,
});
export type UpdateBannerFields = z.infer<typeof updateBannerFieldsSchema>;

const requiredText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    textSchema({ error: CONTENT_MESSAGES.newsRequiredFields })
      .min(1, { error: CONTENT_MESSAGES.newsRequiredFields })
      .max(max, { error: `${label} puede tener hasta ${max} caracteres.` }),
  );

/**
 * A news description as sent: trimmed, not empty, without control characters. The server applies it in
 * its document worker to the field's bytes (up to 12 MB of markup and pasted images).
 */
export const newsDescriptionSchema = requiredText(MAX_NEWS_DESCRIPTION_INPUT, 'La descripción');

/** POST /news text fields. The image (file) or `video_url` is required: checked by the server with the file. */
export const createNewsFieldsSchema = z.object({
  status: z.preprocess(emptyAsMissing, statusField(CONTENT_MESSAGES.newsRequiredFields)),
  title: requiredText(MAX_NEWS_TITLE, 'El título'),
  description: newsDescriptionSchema,
  video_url: httpUrl,
  type: z.literal('new', { error: 'El tipo debe ser new.' }).optional(),
  publication_date: windowDate,
  unpublication_date: windowDate,
});
export type CreateNewsFields = z.infer<typeof createNewsFieldsSchema>;

/** POST /news/:id text fields: only what is sent changes; a new `image` is optional. */
export const updateNewsFieldsSchema = z.object({
  status: z.preprocess(emptyAsMissing, statusField('El estado no es válido.').optional()),
  title: requiredText(MAX_NEWS_TITLE, 'El título').optional(),
  description: newsDescriptionSchema.optional(),
  video_url: z.preprocess((value) => (value === '' ? null : value), z.url({ protocol: /^https?$/, error: CONTENT_MESSAGES.newsVideoUrlInvalid }).max(2000).refine((url) => !hasControlCharacters(url), { error: TEXT_MESSAGES.controlCharacters }).nullable().optional()),
  publication_date: windowDate,
  unpublication_date: windowDate,
});
export type UpdateNewsFields = z.infer<typeof updateNewsFieldsSchema>;

/** A contact image's text alternative as typed: trimmed, without control characters, not too long. */
const contactAltText = z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), textSchema().max(MAX_CONTACT_ALT, { error: CONTENT_MESSAGES.contactAltTooLong }));
const sentContactAlt = (side: ContactSide) => contactAltText.refine((text) => text !== '', { error: CONTACT_SIDE_TEXTS[side].altMissing }).optional();

/**
 * POST /contact text fields: each side's text alternative (what its image says), sent with a new image
 * of that side, or alone to correct the text of the image already there. Sent, it cannot be blank.
 */
export const contactFieldsSchema = z.object({
  image_left_alt: sentContactAlt('left'),
  image_right_alt: sentContactAlt('right'),
});
export type ContactFields = z.infer<typeof contactFieldsSchema>;

/** What a POST /contact carries for one side: whether a new image came, and its text if one did. */
export type SentContactSide = { image: boolean; alt: string | undefined };

/**
 * The rules that join the contact form's files, texts and what is stored (spec 5, issue 32): something
 * is sent ('Debe seleccionar al menos una imagen.'); a side with an image (new or stored) whose text is
 * sent has one that says something; a new image comes with its text; a text needs an image on its side.
 * The API applies them to the request and the stored sides, the form to what it would send.
 */
export function contactUploadIssues(sent: Record<ContactSide, SentContactSide>, stored: Record<ContactSide, boolean>): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  for (const side of CONTACT_SIDES) {
    const { image, alt } = sent[side];
    const written = alt !== undefined && alt.trim() !== '';
    if (image || stored[side]) {
      // A new image without its text, or a text sent blank beside an image.
      if (alt === undefined ? image : !written) issues.push({ field: CONTACT_FIELDS[side].alt, message: CONTACT_SIDE_TEXTS[side].altMissing });
    } else if (written) {
      issues.push({ field: CONTACT_FIELDS[side].alt, message: CONTACT_SIDE_TEXTS[side].altWithoutImage });
    }
  }
  if (CONTACT_SIDES.every((side) => !sent[side].image && sent[side].alt === undefined)) {
    issues.push({ field: CONTACT_FIELDS.left.image, message: CONTENT_MESSAGES.contactImageRequired });
  }
  return issues;
}

/**
 * The contact images form (spec 5, issue 32): a new left or right image (PNG or JPEG) and each side's
 * text alternative, shown with the current one. It sends a picked image with its text, and a text
 * alone when it changed (or when the stored image has none yet, which the form asks for); the output is
 * that multipart body. The files are the API's to read as streams; the rules are contactUploadIssues.
 */
export function contactFormSchema<F extends object>(current: ContactRecord | null) {
  return z
    .object({
      image_left: pickedFileSchema<F>(CONTENT_MESSAGES.contactPngOrJpeg).nullable(),
      image_right: pickedFileSchema<F>(CONTENT_MESSAGES.contactPngOrJpeg).nullable(),
      image_left_alt: contactAltText,
      image_right_alt: contactAltText,
    })
    .transform((form) => {
      const sentSide = (side: ContactSide) => {
        const { image, alt } = CONTACT_FIELDS[side];
        const picked = form[image] ?? undefined;
        const storedAlt = current?.[alt] ?? null;
        const changed = form[alt] !== (storedAlt ?? '') || (Boolean(current?.[image]) && storedAlt === null);
        return { image: picked, alt: picked || changed ? form[alt] : undefined };
      };
      const left = sentSide('left');
      const right = sentSide('right');
      return { image_left: left.image, image_left_alt: left.alt, image_right: right.image, image_right_alt: right.alt };
    })
    .superRefine((body, ctx) => {
      const sent = (side: ContactSide): SentContactSide => ({ image: body[CONTACT_FIELDS[side].image] !== undefined, alt: body[CONTACT_FIELDS[side].alt] });
      const stored = (side: ContactSide) => Boolean(current?.[CONTACT_FIELDS[side].image]);
      for (const issue of contactUploadIssues({ left: sent('left'), right: sent('right') }, { left: stored('left'), right: stored('right') })) {
        ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
      }
    });
}
