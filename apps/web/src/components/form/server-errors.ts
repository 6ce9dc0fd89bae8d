import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, NetworkError } from '../../lib/api-client';

/**
 * What a failed request shows (spec 8): the 422 messages joined, otherwise 'Error en la solicitud:
 * {message}', or the network's own line. Every form's alert or toast reads this.
 */
export function requestErrorMessages(error: unknown): string[] {
  if (error instanceof ApiError && error.status === 422) {
    const messages = [...new Set(Object.values(error.errors).flat())];
    return messages.length ? messages : [error.message];
  }
  if (error instanceof ApiError) return [`Error en la solicitud: ${error.message || `Error ${error.status}`}`];
  if (error instanceof NetworkError) return ['Error en la solicitud: No se recibió respuesta del servidor.'];
  return ['Error al realizar la solicitud.'];
}

/** The 422 messages by field, if the API sent any. */
export function serverFieldErrors(error: unknown): Record<string, string[]> {
  return error instanceof ApiError && error.status === 422 ? error.errors : {};
}

/**
 * Puts a 422's messages under the form's own fields (react-hook-form's `setError`), so that each
 * reads where it belongs and clears as that field is corrected. `fields` names the form's fields by the
 * API's names; `as` maps an API name to the form's when they differ (e.g. `pdf_approved` ->
 * `pdfApproved`). Returns every message (for the form's alert) and the ones no field took.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  as: Partial<Record<string, Path<T>>> = {},
): { messages: string[]; unplaced: string[] } {
  const messages = requestErrorMessages(error);
  const byField = serverFieldErrors(error);
  const unplaced: string[] = [];
  for (const [name, list] of Object.entries(byField)) {
    const target = as[name] ?? (fields.includes(name) ? (name as Path<T>) : undefined);
    if (target) setError(target, { type: 'server', message: list.join(' ') });
    else unplaced.push(...list);
  }
  return { messages, unplaced };
}

/** Every message of an invalid submit (react-hook-form's errors), once each: the form's one danger alert (spec 8). */
export function invalidSubmitMessages(errors: FieldErrors): string[] {
  return [...new Set(Object.values(errors).flatMap((error) => (error?.message ? [String(error.message)] : [])))];
}
