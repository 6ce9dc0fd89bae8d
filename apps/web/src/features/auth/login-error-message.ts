import { MESSAGES } from '@concejo/contracts';
import { ApiError, NetworkError } from '../../lib/api-client';

/** The texts of spec section 8 (Session) for a failed login. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return MESSAGES.badCredentials;
    return `Error ${error.status}: ${error.message || 'Datos inválidos'}`;
  }
  if (error instanceof NetworkError) return 'No se recibió respuesta del servidor.';
  return 'Error al realizar la solicitud.';
}
