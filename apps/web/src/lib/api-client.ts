import { API_BASE, type ErrorBody } from '@concejo/contracts';
import { getSession } from './session';

/** The API answered with an error status; the body follows DESIGN.md section 5. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** Validation messages keyed by field (422); empty otherwise. */
  readonly errors: Record<string, string[]>;
  readonly requestId: string | null;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}, requestId: string | null = null) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.requestId = requestId;
  }
}

/** No answer arrived at all: the server is down, the connection dropped or the request was blocked. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super('No response from the server.', { cause });
  }
}

/** Anything that can check an answer's shape: the zod schemas of @concejo/contracts fit. */
export type ResponseParser<T> = { parse(data: unknown): T };

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A FormData goes as multipart; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  schema?: ResponseParser<T>;
};

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    // Empty filters are left out so that the server sees them as absent, not as "match the empty string".
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function toApiError(response: Response): Promise<ApiError> {
  const fallbackRequestId = response.headers.get('x-request-id');
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // A proxy's HTML page or an empty body: keep the status, there is no message to show.
  }
  const body = readErrorBody(data);
  if (!body) return new ApiError(response.status, '', {}, fallbackRequestId);
  return new ApiError(response.status, body.message, body.errors ?? {}, body.requestId);
}

/**
 * The error body of DESIGN.md section 5, checked by hand rather than with its zod schema: every page
 * loads this client, and zod would add some 35 KB to the public home page. Malformed `errors` entries
 * are dropped, not trusted.
 */
function readErrorBody(data: unknown): ErrorBody | null {
  if (typeof data !== 'object' || data === null) return null;
  const { message, errors, requestId } = data as Record<string, unknown>;
  if (typeof message !== 'string' || typeof requestId !== 'string') return null;
  const fieldErrors: Record<string, string[]> = {};
  if (typeof errors === 'object' && errors !== null) {
    for (const [field, messages] of Object.entries(errors)) {
      if (Array.isArray(messages)) fieldErrors[field] = messages.filter((item): item is string => typeof item === 'string');
    }
  }
  return { message, requestId, ...(errors === undefined ? {} : { errors: fieldErrors }) };
}

/**
 * How requests reach the API: the browser's fetch, or, while the server renders a public page, the
 * server's own in-process dispatch (setApiTransport), so that the page's data comes through the same
 * routes, rules and caches as in the browser, without a network hop.
 */
const browserFetch: typeof fetch = (input, init) => fetch(input, init);
let transport: typeof fetch = browserFetch;

/** `next`, or the browser's fetch again when no transport is given. */
export function setApiTransport(next: typeof fetch = browserFetch): void {
  transport = next;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The only place that talks to the API. Adds the bearer token of the stored session, turns error
 * answers into ApiError and missing answers into NetworkError. It never shows messages nor navigates:
 * callers (and the QueryClient for 401) decide what the user sees.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  const token = getSession()?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('Content-Type', 'application/json');
  }

  let response: Response;
  try {
    response = await transport(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled request (TanStack Query aborts stale ones) is not a network failure.
    if (isAbort(error)) throw error;
    throw new NetworkError(error);
  }

  if (!response.ok) throw await toApiError(response);
  const data: unknown = response.status === 204 ? undefined : await response.json();
  return options.schema ? options.schema.parse(data) : (data as T);
}

export type UploadOptions<T> = {
  method?: 'POST' | 'PUT' | 'PATCH';
  body: FormData;
  schema?: ResponseParser<T>;
  signal?: AbortSignal;
  /** Share of the request body sent so far, 0 to 1 (fetch cannot report it, XHR can). */
  onProgress?: (fraction: number) => void;
};

/**
 * A multipart upload with progress. XMLHttpRequest is the one browser API that reports how much of a
 * request body has gone out; everything else matches apiRequest: the bearer token, ApiError for error
 * answers (same body parsing), NetworkError when no answer arrives, an AbortError when cancelled.
 */
export function apiUpload<T = unknown>(path: string, options: UploadOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', buildUrl(path, undefined));
    request.setRequestHeader('Accept', 'application/json');
    const token = getSession()?.token;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const abort = () => request.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', abort);
    request.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    request.onerror = () => {
      done();
      reject(new NetworkError(new Error('XMLHttpRequest failed')));
    };
    request.onload = () => {
      done();
      // The same parsing as fetch's answers, so error bodies become the same ApiError.
      const headers = new Headers();
      const requestId = request.getResponseHeader('x-request-id');
      if (requestId) headers.set('x-request-id', requestId);
      const response = new Response(request.status === 204 ? null : request.responseText, { status: request.status, headers });
      if (!response.ok) {
        void toApiError(response).then(reject, reject);
        return;
      }
      options.onProgress?.(1);
      response
        .json()
        .catch(() => undefined)
        .then((data: unknown) => resolve(options.schema ? options.schema.parse(data) : (data as T)))
        .catch(reject);
    };
    if (options.signal?.aborted) {
      request.abort();
      return;
    }
    request.send(options.body);
  });
}

type MethodOptions<T> = Omit<RequestOptions<T>, 'method'>;

export const apiClient = {
  get: <T>(path: string, options?: MethodOptions<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, options?: MethodOptions<T>) => apiRequest<T>(path, { ...options, method: 'POST' }),
  put: <T>(path: string, options?: MethodOptions<T>) => apiRequest<T>(path, { ...options, method: 'PUT' }),
  patch: <T>(path: string, options?: MethodOptions<T>) => apiRequest<T>(path, { ...options, method: 'PATCH' }),
  delete: <T>(path: string, options?: MethodOptions<T>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
