import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiUpload, NetworkError } from './api-client';
import { clearSession, saveSession } from './session';

/** A stand-in for the browser's XMLHttpRequest: records what was sent and answers as told. */
class FakeRequest {
  static last: FakeRequest;
  static answer: { status: number; body: string; requestId?: string } | 'network-error' = { status: 200, body: '{}' };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  responseType = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private responseHeaders: Record<string, string> = {};

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name] ?? null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: unknown) {
    this.body = body;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    const answer = FakeRequest.answer;
    queueMicrotask(() => {
      if (answer === 'network-error') {
        this.onerror?.();
        return;
      }
      this.status = answer.status;
      this.responseText = answer.body;
      if (answer.requestId) this.responseHeaders['x-request-id'] = answer.requestId;
      this.onload?.();
    });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('apiUpload', () => {
  it('sends the form with the bearer token, reports progress and parses the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    saveSession({ token: 'tok-1', role: 'cm', user: { name: 'Sofía', last_name: 'Martínez', email_verified: true } });
    FakeRequest.answer = { status: 201, body: JSON.stringify({ id: 7 }) };
    const form = new FormData();
    const progress: number[] = [];
    const result = await apiUpload<{ id: number }>('/banners', { body: form, onProgress: (fraction) => progress.push(fraction) });
    expect(result).toEqual({ id: 7 });
    expect(FakeRequest.last).toMatchObject({ method: 'POST', url: '/api/v1/banners', body: form });
    expect(FakeRequest.last.headers.Authorization).toBe('Bearer tok-1');
    expect(progress).toEqual([0.25, 1]);
  });

  it('turns an error body into the same ApiError as fetch answers', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    FakeRequest.answer = { status: 422, body: JSON.stringify({ message: 'Debes subir una imagen.', errors: { image: ['Debes subir una imagen.'] }, requestId: 'r-1' }) };
    const error = await apiUpload('/banners', { body: new FormData() }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Debes subir una imagen.', errors: { image: ['Debes subir una imagen.'] }, requestId: 'r-1' });
  });

  it('keeps the status of a body that is not the API shape, and reports no answer as NetworkError', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    FakeRequest.answer = { status: 413, body: '<html>Too large</html>', requestId: 'r-2' };
    expect(await apiUpload('/news', { body: new FormData() }).catch((caught: unknown) => caught)).toMatchObject({ status: 413, message: '', requestId: 'r-2' });
    FakeRequest.answer = 'network-error';
    expect(await apiUpload('/news', { body: new FormData() }).catch((caught: unknown) => caught)).toBeInstanceOf(NetworkError);
  });

  it('rejects with an AbortError when cancelled', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const controller = new AbortController();
    controller.abort();
    const error = await apiUpload('/news', { body: new FormData(), signal: controller.signal }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'AbortError' });
  });
});
