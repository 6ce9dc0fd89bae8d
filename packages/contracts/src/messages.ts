// Kept apart from errors.ts's schema, so that a page showing these messages carries no zod.

/** Messages the API answers with; the web app shows them as they come. */
export const MESSAGES = {
  unauthenticated: 'No autenticado.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  notFound: 'No se encontró el recurso solicitado.',
  validation: 'Los datos enviados no son válidos.',
  conflict: 'Otra persona modificó estos datos mientras los editabas. Recarga la página y vuelve a intentarlo.',
  payloadTooLarge: 'El contenido enviado es demasiado grande.',
  /** 408: an upload or form whose data stopped arriving (or came too slowly) before it was complete. */
  bodyTimeout: 'Los datos enviados dejaron de llegar o llegan demasiado lento, y el envío se canceló. Revise su conexión e inténtelo de nuevo.',
  internal: 'Ocurrió un error inesperado en el servidor. Inténtelo de nuevo más tarde.',
  unavailable: 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.',
  badCredentials: 'Email o contraseña incorrectos.',
  missingDeviceId: 'Falta el identificador del dispositivo (encabezado Device-Id).',
  tooManyLogins: (minutes: number) =>
    `Demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  /**
   * Failures on the account from elsewhere: a client it does not know waits a little between attempts.
   * The owner's way in at once is the reset e-mail (it lifts the limits, and its client becomes known).
   */
  loginSlowedDown: (seconds: number) =>
    `Hubo varios intentos fallidos en esta cuenta. Inténtelo de nuevo en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}. Si la cuenta es suya y no puede esperar, restablezca la contraseña con «¿Olvidó su contraseña?».`,
} as const;
