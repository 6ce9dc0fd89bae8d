import { ApiError, NetworkError } from '../../../lib/api-client';

/** What a failed save shows (spec 8): the 422 messages joined, otherwise 'Error en la solicitud: {message}'. */
export function submitErrorMessages(error: unknown): { messages: string[]; fieldErrors: Record<string, string[]> } {
  if (error instanceof ApiError && error.status === 422) {
    const messages = [...new Set(Object.values(error.errors).flat())];
    return { messages: messages.length ? messages : [error.message], fieldErrors: error.errors };
  }
  if (error instanceof ApiError) return { messages: [`Error en la solicitud: ${error.message || `Error ${error.status}`}`], fieldErrors: {} };
  if (error instanceof NetworkError) return { messages: ['Error en la solicitud: No se recibió respuesta del servidor.'], fieldErrors: {} };
  return { messages: ['Error al realizar la solicitud.'], fieldErrors: {} };
}
