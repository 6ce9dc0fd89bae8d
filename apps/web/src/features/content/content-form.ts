import {
  CONTENT_MESSAGES,
  createBannerFieldsSchema,
  createNewsFieldsSchema,
  pickedFileSchema,
  updateBannerFieldsSchema,
  updateNewsFieldsSchema,
} from '@concejo/contracts';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import type { CouncilDates } from '../../lib/format';

// The cm's forms: each is the contract's schema of its multipart fields (what the API parses at the
// route), plus the picked files and the two rules the API checks beside the files (an image or a link,
// the window's order), so that the form says before sending what the API would answer.

/** Spec 8 for news: a 422 lists every message after 'Error en la solicitud: '; anything else the server's or the error's message. */
export function newsFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 422) {
    const messages = [...new Set(Object.values(error.errors).flat())];
    return `${CONTENT_MESSAGES.newsRequestError}${(messages.length ? messages : [error.message]).join(' ')}`;
  }
  if (error instanceof ApiError) return `${CONTENT_MESSAGES.newsSendError}${error.message || `Error ${error.status}`}`;
  return `${CONTENT_MESSAGES.newsSendError}No se recibió respuesta del servidor.`;
}

/** A failure's message after a fixed prefix: the server's own when it gave one (413, 422), else the prefix alone. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 413 || error.status === 422) && error.message) return `${fallback.replace(/\.$/, '')}: ${error.message}`;
  return fallback;
}

/** Whether editor HTML says nothing (an empty Quill holds `<p><br></p>`); an image counts as content. */
export function isEmptyHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, ' ').trim() === '';
}

/** An optional picked image: the wrong type never gets here (the file input drops it and says so). */
const imageField = pickedFileSchema<File>(CONTENT_MESSAGES.imageType).nullable();

type Window = { publication_date?: unknown; unpublication_date?: unknown };

/** The end of the publication window after its start (datetime-local values compare as text). */
function windowInOrder(value: Window, ctx: z.RefinementCtx) {
  const { publication_date: from, unpublication_date: to } = value;
  if (typeof from === 'string' && typeof to === 'string' && from && to && to <= from) {
    ctx.addIssue({ code: 'custom', path: ['unpublication_date'], message: CONTENT_MESSAGES.windowOrder });
  }
}

/** Spec 5: a news item needs an image (new or stored) or a link; asked once the other fields are right. */
function imageOrLink(hasStoredImage: boolean) {
  return (value: { image?: File | null; video_url?: string | null }, ctx: z.RefinementCtx) => {
    if (!value.image && !hasStoredImage && !value.video_url) ctx.addIssue({ code: 'custom', path: ['image'], message: CONTENT_MESSAGES.newsImageOrLink });
  };
}
const whenValid = (fields: string[]) => ({
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) => !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))),
});
const NEWS_TEXT = ['status', 'title', 'description', 'video_url'];
const WINDOW = ['publication_date', 'unpublication_date'];

export const bannerCreateFormSchema = createBannerFieldsSchema
  .pick({ status: true, alt: true })
  .extend({ image: imageField.refine((file) => file !== null, { error: CONTENT_MESSAGES.bannerImageRequired }) });

export const bannerEditFormSchema = updateBannerFieldsSchema
  .pick({ status: true, alt: true, caption: true, title: true, description: true, publication_date: true, unpublication_date: true })
  .extend({ image: imageField })
  .superRefine(windowInOrder);

export const newsCreateFormSchema = createNewsFieldsSchema
  .pick({ status: true, title: true, description: true, video_url: true })
  .extend({ image: imageField })
  .superRefine(imageOrLink(false), whenValid(NEWS_TEXT));

export const newsEditFormSchema = (hasStoredImage: boolean) =>
  updateNewsFieldsSchema
    .pick({ status: true, title: true, description: true, video_url: true, publication_date: true, unpublication_date: true })
    .extend({ image: imageField })
    .superRefine(imageOrLink(hasStoredImage), whenValid(NEWS_TEXT))
    .superRefine(windowInOrder, whenValid(WINDOW));

/** The first message of a failed check, in the fields' order on screen (for the toast of spec 8). */
export function firstMessage(errors: Partial<Record<string, { message?: string }>>, order: readonly string[]): string {
  for (const name of order) if (errors[name]?.message) return errors[name].message;
  return Object.values(errors).find((error) => error?.message)?.message ?? '';
}

/** The window as the form shows it: datetime-local inputs in the council's time. */
export function windowOf(item: { publication_date: string | null; unpublication_date: string | null }, dates: CouncilDates) {
  return {
    publication_date: item.publication_date ? dates.isoToLocal(item.publication_date) : '',
    unpublication_date: item.unpublication_date ? dates.isoToLocal(item.unpublication_date) : '',
  };
}

/** The window as the API takes it: the council's wall clock with its offset, and '' to clear a date. */
export function windowFields(window: { publication_date?: string | null; unpublication_date?: string | null }, dates: CouncilDates) {
  const instant = (value: string | null | undefined) => (value ? (dates.localToIso(value) ?? value) : '');
  return { publication_date: instant(window.publication_date), unpublication_date: instant(window.unpublication_date) };
}

/** The content forms' image inputs take their files as every file input does (components/form/file-picker.ts). */
export { filePicker as imagePicker } from '../../components/form/file-picker';
