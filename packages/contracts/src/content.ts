import { z } from 'zod';
import { API_PATHS } from './paths.js';

/** API paths of the home page's content (banners, news, contact images), relative to API_BASE (DESIGN.md section 5). */
export const CONTENT_PATHS = {
  contact: API_PATHS.contact,
  banners: '/banners',
  publishedBanners: API_PATHS.publishedBanners,
  banner: (id: number | string) => `/banners/${encodeURIComponent(String(id))}`,
  news: '/news',
  publishedNews: API_PATHS.publishedNews,
  publishedNewsItem: API_PATHS.publishedNewsItem,
  newsItem: (id: number | string) => `/news/${encodeURIComponent(String(id))}`,
} as const;

/**
 * Widths (px) of the WebP variants stored for each image, so pages can offer a `srcset` and the browser
 * downloads the size shown. A variant is never wider than the uploaded image: small uploads get fewer.
 */
export const IMAGE_WIDTHS = {
  banner: [480, 960, 1600],
  news: [400, 800],
  contact: [480, 960],
} as const;
export type ImageKind = keyof typeof IMAGE_WIDTHS;

/** Largest upload accepted for any image (413 over it). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_IMAGE_MB = MAX_IMAGE_BYTES / 1024 / 1024;
/** Largest HTML description a news item may have once sanitised (editor images are stored apart). */
export const MAX_NEWS_HTML = 100_000;
/** Largest description as sent: editor images may travel inside it as data URLs until stored. */
export const MAX_NEWS_DESCRIPTION_INPUT = 12 * 1024 * 1024;
export const MAX_NEWS_TITLE = 255;
export const MAX_BANNER_TEXT = 255;
export const MAX_BANNER_DESCRIPTION = 1000;

/** Status of banners and news: 1 active (Activo), 0 inactive (Inactivo) (spec 3 and 4). */
export const CONTENT_STATUSES = [1, 0] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = { 1: 'Activo', 0: 'Inactivo' };

/** Messages of spec 5 and 8 for banners, news and contact images ('abnner' fixed, DESIGN.md section 6). */
export const CONTENT_MESSAGES = {
  // Banners
  bannerImageRequired: 'Error al subir el Banner: Debes subir una imagen.',
  bannersListError: 'Error al obtener los banners.',
  publicListError: 'Error al obtener los banners',
  bannerUpdated: 'Banner actualizado correctamente.',
  bannerUpdateError: 'Error al actualizar el banner',
  bannerDeleted: 'Banner eliminado correctamente.',
  bannerDeleteError: 'Error al eliminar el banner.',
  bannerCreated: 'Banner subido exitosamente',
  bannerCreateError: 'Error al subir el Banner',
  bannerNotFound: 'No se encontró el banner.',
  bannerRatioAdvice: 'Se recomienda una imagen con relación de aspecto 16/9.',
  confirmDeleteBanner: '¿Estás seguro de que deseas eliminar este banner?',
  // News
  newsRequiredFields: 'Por favor, completa todos los campos.',
  newsImageOrLink: 'Por favor, ingresa el link de Instagram o selecciona una imagen.',
  newsListError: 'Error al obtener las noticias.',
  newsUpdated: 'Noticia actualizada correctamente.',
  newsUpdateError: 'Error al actualizar la noticia.',
  newsDeleted: 'Noticia eliminada correctamente.',
  newsDeleteError: 'Error al eliminar la noticia.',
  newsCreated: 'Noticia subido exitosamente',
  newsRequestError: 'Error en la solicitud: ',
  newsSendError: 'Error al enviar la solicitud: ',
  newsNotFound: 'No se encontró la noticia',
  confirmDeleteNews: '¿Estás seguro de que deseas eliminar esta noticia?',
  newsVideoUrlInvalid: 'El link debe ser una dirección http o https válida.',
  // Contact images
  contactPngOrJpeg: 'Solo se permiten archivos PNG o JPG.',
  contactImageRequired: 'Debe seleccionar al menos una imagen.',
  contactUploaded: 'Imágenes cargadas exitosamente.',
  contactUploadError: 'Error al cargar las imágenes.',
  contactFetchError: 'Error al obtener las imagenes.',
  contactEmpty: 'No hay imágenes disponibles.',
  // Images (checked by content on the server)
  imageType: 'La imagen debe ser PNG, JPEG o WebP.',
  imageDamaged: 'La imagen está dañada o incompleta.',
  imageTooLarge: `La imagen supera el tamaño máximo de ${MAX_IMAGE_MB} MB.`,
  imageTooManyPixels: 'La imagen es demasiado grande (demasiados píxeles).',
  descriptionTooLong: `La descripción puede tener hasta ${MAX_NEWS_HTML.toLocaleString('es-AR')} caracteres de texto y formato.`,
  descriptionTooLarge: 'La descripción es demasiado grande: suba las imágenes más livianas.',
  // Dates
  dateInvalid: 'La fecha no es válida.',
  windowOrder: 'La fecha de despublicación debe ser posterior a la de publicación.',
} as const;

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
});
export type ContactRecord = z.infer<typeof contactRecordSchema>;
/** GET /contact: an array whose first element is used (spec 3); empty when nothing was uploaded yet. */
export const contactListSchema = z.array(contactRecordSchema);

export const messageResponseSchema = z.object({ message: z.string() });

// ---- Forms (multipart text fields; files travel beside them) ----

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
  z.iso.datetime({ offset: true, local: true, error: CONTENT_MESSAGES.dateInvalid }).nullable().optional(),
);

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string().max(max, { error: `${label} puede tener hasta ${max} caracteres.` }).optional(),
  );

const httpUrl = z.preprocess(
  emptyAsMissing,
  z
    .url({ protocol: /^https?$/, error: CONTENT_MESSAGES.newsVideoUrlInvalid })
    .max(2000, { error: CONTENT_MESSAGES.newsVideoUrlInvalid })
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
    z
      .string({ error: CONTENT_MESSAGES.newsRequiredFields })
      .min(1, { error: CONTENT_MESSAGES.newsRequiredFields })
      .max(max, { error: `${label} puede tener hasta ${max} caracteres.` }),
  );

/** POST /news text fields. The image (file) or `video_url` is required: checked by the server with the file. */
export const createNewsFieldsSchema = z.object({
  status: z.preprocess(emptyAsMissing, statusField(CONTENT_MESSAGES.newsRequiredFields)),
  title: requiredText(MAX_NEWS_TITLE, 'El título'),
  description: requiredText(MAX_NEWS_DESCRIPTION_INPUT, 'La descripción'),
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
  description: requiredText(MAX_NEWS_DESCRIPTION_INPUT, 'La descripción').optional(),
  video_url: z.preprocess((value) => (value === '' ? null : value), z.url({ protocol: /^https?$/, error: CONTENT_MESSAGES.newsVideoUrlInvalid }).max(2000).nullable().optional()),
  publication_date: windowDate,
  unpublication_date: windowDate,
});
export type UpdateNewsFields = z.infer<typeof updateNewsFieldsSchema>;

/** File types each upload accepts (the server checks the bytes, not the name or the declared type). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';
export const CONTACT_IMAGE_ACCEPT = 'image/png,image/jpeg';

/** Whether a moment is inside an item's publication window (DESIGN.md section 6: both ends optional). */
export function isInsideWindow(item: { publication_date: string | null; unpublication_date: string | null }, now: Date): boolean {
  const time = now.getTime();
  if (item.publication_date && Date.parse(item.publication_date) > time) return false;
  if (item.unpublication_date && Date.parse(item.unpublication_date) <= time) return false;
  return true;
}
