import { CONTENT_MESSAGES } from '@concejo/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { councilDates } from '../../lib/format';
import { bannerEditFormSchema, failureMessage, isEmptyHtml, newsCreateFormSchema, newsEditFormSchema, newsFailureMessage, windowFields, windowOf } from './content-form';

const draft = { status: '0', title: 'Sesión', description: '<p>Texto</p>', video_url: '', image: new File(['x'], 'foto.png', { type: 'image/png' }) };

/** The form's messages by field, as the fields show them. */
const messages = (result: { error?: { flatten: () => { fieldErrors: object } } }) => result.error?.flatten().fieldErrors ?? {};

describe('news form rules (spec 5)', () => {
  it('accepts status 0 (Inactivo) as a value', () => {
    expect(newsCreateFormSchema.safeParse(draft)).toMatchObject({ success: true, data: { status: 0 } });
  });

  it('asks for every field, then for an image or a link', () => {
    expect(messages(newsCreateFormSchema.safeParse({ ...draft, title: ' ', description: '' }))).toEqual({
      title: [CONTENT_MESSAGES.newsRequiredFields],
      description: [CONTENT_MESSAGES.newsRequiredFields],
    });
    // Missing fields hide the image-or-link rule: one thing to fix at a time, as the spec words it.
    expect(messages(newsCreateFormSchema.safeParse({ ...draft, title: '', image: null }))).toEqual({ title: [CONTENT_MESSAGES.newsRequiredFields] });
    expect(messages(newsCreateFormSchema.safeParse({ ...draft, image: null }))).toEqual({ image: [CONTENT_MESSAGES.newsImageOrLink] });
    expect(newsCreateFormSchema.safeParse({ ...draft, image: null, video_url: 'https://www.instagram.com/p/x/' }).success).toBe(true);
    expect(messages(newsCreateFormSchema.safeParse({ ...draft, video_url: 'javascript:alert(1)' }))).toEqual({ video_url: [CONTENT_MESSAGES.newsVideoUrlInvalid] });
  });

  it('lets an edit keep the stored image instead of a new one', () => {
    const edit = { ...draft, image: null, publication_date: '', unpublication_date: '' };
    expect(newsEditFormSchema(true).safeParse(edit).success).toBe(true);
    expect(messages(newsEditFormSchema(false).safeParse(edit))).toEqual({ image: [CONTENT_MESSAGES.newsImageOrLink] });
  });

  it('tells an empty editor from text or an image', () => {
    expect(isEmptyHtml('<p><br></p>')).toBe(true);
    expect(isEmptyHtml('<p>&nbsp;</p>')).toBe(true);
    expect(isEmptyHtml('<p><img src="data:image/png;base64,AA"></p>')).toBe(false);
  });
});

describe('failure messages (spec 8)', () => {
  it('joins every validation message after "Error en la solicitud: "', () => {
    const error = new ApiError(422, 'Por favor, completa todos los campos.', { title: ['Por favor, completa todos los campos.'], image: ['La imagen debe ser PNG, JPEG o WebP.'] });
    expect(newsFailureMessage(error)).toBe('Error en la solicitud: Por favor, completa todos los campos. La imagen debe ser PNG, JPEG o WebP.');
  });

  it('prefixes other failures with "Error al enviar la solicitud: "', () => {
    expect(newsFailureMessage(new ApiError(500, 'Ocurrió un error inesperado.'))).toBe('Error al enviar la solicitud: Ocurrió un error inesperado.');
    expect(newsFailureMessage(new NetworkError(new Error('down')))).toBe('Error al enviar la solicitud: No se recibió respuesta del servidor.');
  });

  it('adds the server reason to a fixed message for 413 and 422 only', () => {
    expect(failureMessage(new ApiError(413, 'La imagen supera el tamaño máximo de 8 MB.'), CONTENT_MESSAGES.bannerUpdateError)).toBe('Error al actualizar el banner: La imagen supera el tamaño máximo de 8 MB.');
    expect(failureMessage(new ApiError(500, 'x'), CONTENT_MESSAGES.newsUpdateError)).toBe('Error al actualizar la noticia.');
  });
});

describe('publication window', () => {
  it('sends wall-clock times of the council with their offset, and empty to clear', () => {
    expect(windowFields({ publication_date: '2026-03-10T09:00', unpublication_date: null }, councilDates())).toEqual({ publication_date: '2026-03-10T09:00:00-03:00', unpublication_date: '' });
  });

  it("reads the wall clock in the site's time zone (Madrid, summer time)", () => {
    const window = windowFields({ publication_date: '2026-07-10T09:00', unpublication_date: '2026-07-11T23:30' }, councilDates('Europe/Madrid'));
    expect(window).toEqual({ publication_date: '2026-07-10T09:00:00+02:00', unpublication_date: '2026-07-11T23:30:00+02:00' });
    expect(new Date(window.publication_date).toISOString()).toBe('2026-07-10T07:00:00.000Z');
  });

  it("shows a stored instant as the wall clock of the site's time zone", () => {
    expect(windowOf({ publication_date: '2026-07-10T02:00:00.000Z', unpublication_date: null }, councilDates('Europe/Madrid'))).toEqual({ publication_date: '2026-07-10T04:00', unpublication_date: '' });
    expect(windowOf({ publication_date: '2026-07-10T02:00:00.000Z', unpublication_date: null }, councilDates())).toEqual({ publication_date: '2026-07-09T23:00', unpublication_date: '' });
  });

  it('wants the end after the start', () => {
    const banner = { status: '1', alt: '', caption: false, title: '', description: '', image: null };
    expect(messages(bannerEditFormSchema.safeParse({ ...banner, publication_date: '2026-03-10T09:00', unpublication_date: '2026-03-09T09:00' }))).toEqual({
      unpublication_date: [CONTENT_MESSAGES.windowOrder],
    });
    expect(bannerEditFormSchema.safeParse({ ...banner, publication_date: '', unpublication_date: '2026-03-09T09:00' }).success).toBe(true);
  });
});
