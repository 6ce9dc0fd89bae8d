import { CONTENT_MESSAGES } from '@concejo/contracts';
import { ApiError } from '../../lib/api-client';
import { councilLocalToIso, isoToCouncilLocal } from '../../lib/format';

export type FieldErrors = Record<string, string[]>;

/** Validation messages by field of a 422; none for other failures. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError && error.status === 422 ? error.errors : {};
}

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

/** The publication window's inputs (datetime-local in the council's time), as the API takes them. */
export function appendWindow(form: FormData, window: { publication: string; unpublication: string }) {
  form.append('publication_date', window.publication ? (councilLocalToIso(window.publication) ?? window.publication) : '');
  form.append('unpublication_date', window.unpublication ? (councilLocalToIso(window.unpublication) ?? window.unpublication) : '');
}

export function windowOf(item: { publication_date: string | null; unpublication_date: string | null }) {
  return {
    publication: item.publication_date ? isoToCouncilLocal(item.publication_date) : '',
    unpublication: item.unpublication_date ? isoToCouncilLocal(item.unpublication_date) : '',
  };
}

/** The window checked before sending (the API checks it again). */
export function windowError(window: { publication: string; unpublication: string }): FieldErrors {
  if (window.publication && window.unpublication && window.unpublication <= window.publication) {
    return { unpublication_date: [CONTENT_MESSAGES.windowOrder] };
  }
  return {};
}

/** Whether editor HTML says nothing (an empty Quill holds `<p><br></p>`); an image counts as content. */
export function isEmptyHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, ' ').trim() === '';
}

export type NewsDraft = { status: string; title: string; description: string; videoUrl: string };

/** Spec 5's checks before sending (the API makes them again): the fields, then an image or a link. */
export function newsDraftErrors(draft: NewsDraft, hasImage: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.status !== '0' && draft.status !== '1') errors.status = [CONTENT_MESSAGES.newsRequiredFields];
  if (!draft.title.trim()) errors.title = [CONTENT_MESSAGES.newsRequiredFields];
  if (isEmptyHtml(draft.description)) errors.description = [CONTENT_MESSAGES.newsRequiredFields];
  if (Object.keys(errors).length) return errors;
  if (!hasImage && !draft.videoUrl.trim()) return { image: [CONTENT_MESSAGES.newsImageOrLink] };
  if (draft.videoUrl.trim() && !/^https?:\/\/\S+$/i.test(draft.videoUrl.trim())) return { video_url: [CONTENT_MESSAGES.newsVideoUrlInvalid] };
  return {};
}
