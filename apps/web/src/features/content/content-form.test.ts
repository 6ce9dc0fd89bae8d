import { CONTENT_MESSAGES } from '@concejo/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { appendWindow, failureMessage, isEmptyHtml, newsDraftErrors, newsFailureMessage, windowError } from './content-form';

const draft = { status: '0', title: 'Sesión', description: '<p>Texto</p>', videoUrl: '' };

describe('news form rules (spec 5)', () => {
  it('accepts status 0 (Inactivo) as a value', () => {
    expect(newsDraftErrors(draft, true)).toEqual({});
  });

  it('asks for every field, then for an image or a link', () => {
    expect(newsDraftErrors({ ...draft, title: ' ', description: '<p><br></p>' }, true)).toEqual({
      title: [CONTENT_MESSAGES.newsRequiredFields],
      description: [CONTENT_MESSAGES.newsRequiredFields],
    });
    expect(newsDraftErrors(draft, false)).toEqual({ image: [CONTENT_MESSAGES.newsImageOrLink] });
    expect(newsDraftErrors({ ...draft, videoUrl: 'https://www.instagram.com/p/x/' }, false)).toEqual({});
    expect(newsDraftErrors({ ...draft, videoUrl: 'javascript:alert(1)' }, true)).toEqual({ video_url: [CONTENT_MESSAGES.newsVideoUrlInvalid] });
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
    const form = new FormData();
    appendWindow(form, { publication: '2026-03-10T09:00', unpublication: '' });
    expect(form.get('publication_date')).toBe('2026-03-10T09:00:00-03:00');
    expect(form.get('unpublication_date')).toBe('');
  });

  it('wants the end after the start', () => {
    expect(windowError({ publication: '2026-03-10T09:00', unpublication: '2026-03-09T09:00' })).toEqual({ unpublication_date: [CONTENT_MESSAGES.windowOrder] });
    expect(windowError({ publication: '', unpublication: '2026-03-09T09:00' })).toEqual({});
  });
});
