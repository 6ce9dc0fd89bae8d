import { MESSAGES } from '@concejo/contracts';

/** An error whose message is safe to show the client, with the status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Unauthenticated extends HttpError {
  constructor() {
    super(401, MESSAGES.unauthenticated);
  }
}

export class Forbidden extends HttpError {
  constructor(message: string = MESSAGES.forbidden) {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message: string = MESSAGES.notFound) {
    super(404, message);
  }
}

export class Conflict extends HttpError {
  constructor(message: string = MESSAGES.conflict) {
    super(409, message);
  }
}

/** 422 with messages keyed by the payload's field names. */
export class ValidationFailed extends HttpError {
  constructor(errors: Record<string, string[]>, message?: string) {
    super(422, message ?? Object.values(errors).flat()[0] ?? MESSAGES.validation, errors);
  }

  static field(field: string, message: string): ValidationFailed {
    return new ValidationFailed({ [field]: [message] }, message);
  }
}

export class TooManyRequests extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/**
 * 408: the request's body stopped arriving, or arrives slower than the minimum rate
 * (lib/body-timeout.ts hands it to whatever reads the body); the connection closes after the answer.
 */
export class BodyTimeout extends HttpError {
  constructor() {
    super(408, MESSAGES.bodyTimeout, { body: [MESSAGES.bodyTimeout] }, { connection: 'close' });
  }
}
