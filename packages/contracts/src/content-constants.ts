// The content's paths, limits and messages, apart from its schemas so that the public pages can use
// them without loading zod (see zod.ts).
import { API_PATHS } from './paths.js';

/** API paths of the home page's content (banners, news, contact images), relative to API_BASE (DESIGN.md section 5). */
export const CONTENT_PATHS = {
  contact: API_PATHS.contact,
  banners: '/banners',
  publishedBanners: API_PATHS.publishedBanners,
  bannerRoute: '/banners/:id',
  banner: (id: number | string) => `/banners/${encodeURIComponent(String(id))}`,
  news: '/news',
  publishedNews: API_PATHS.publishedNews,
  publishedNewsItemRoute: API_PATHS.publishedNewsItemRoute,
  publishedNewsItem: API_PATHS.publishedNewsItem,
  newsItemRoute: '/news/:id',
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
/** Longest text alternative of a contact image: what the picture says (address, phones, hours...). */
export const MAX_CONTACT_ALT = 500;

/** The two contact images, and each one's multipart fields: its file and its text alternative. */
export const CONTACT_SIDES = ['left', 'right'] as const;
export type ContactSide = (typeof CONTACT_SIDES)[number];
export const CONTACT_FIELDS = {
  left: { image: 'image_left', alt: 'image_left_alt' },
  right: { image: 'image_right', alt: 'image_right_alt' },
} as const satisfies Record<ContactSide, { image: string; alt: string }>;

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
  contactAltTooLong: `El texto alternativo puede tener hasta ${MAX_CONTACT_ALT} caracteres.`,
  // The home page's sections when their list could not be read (not the same as an empty list)
  newsLoadFailed: 'No se pudieron cargar las noticias.',
  contactLoadFailed: 'No se pudieron cargar las imágenes de contacto.',
  // Images (checked by content on the server)
  imageType: 'La imagen debe ser PNG, JPEG o WebP.',
  imageDamaged: 'La imagen está dañada o incompleta.',
  imageTooLarge: `La imagen supera el tamaño máximo de ${MAX_IMAGE_MB} MB.`,
  imageTooManyPixels: 'La imagen es demasiado grande (demasiados píxeles).',
  descriptionTooLong: `La descripción puede tener hasta ${MAX_NEWS_HTML.toLocaleString('es-AR')} caracteres de texto y formato.`,
  descriptionTooLarge: 'La descripción es demasiado grande: suba las imágenes más livianas.',
  descriptionTooDeep: 'La descripción tiene demasiados niveles anidados.',
  // Dates
  dateInvalid: 'La fecha no es válida.',
  windowOrder: 'La fecha de despublicación debe ser posterior a la de publicación.',
} as const;

/** Each contact image's own messages and words (staff read the first two, visitors the last). */
export const CONTACT_SIDE_TEXTS = {
  left: {
    altMissing: 'Falta el texto alternativo de la imagen izquierda.',
    altWithoutImage: 'Todavía no hay imagen izquierda: selecciona una para este texto.',
    /** What the home page says of an image uploaded before its text could be written. */
    altFallback: 'Información de contacto del Concejo (imagen izquierda)',
  },
  right: {
    altMissing: 'Falta el texto alternativo de la imagen derecha.',
    altWithoutImage: 'Todavía no hay imagen derecha: selecciona una para este texto.',
    altFallback: 'Información de contacto del Concejo (imagen derecha)',
  },
} as const satisfies Record<ContactSide, Record<string, string>>;

/** File types each upload accepts (the server checks the bytes, not the name or the declared type). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp';
export const CONTACT_IMAGE_ACCEPT = 'image/png,image/jpeg';
