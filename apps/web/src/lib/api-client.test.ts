import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render-routes';
import { ApiError, apiClient, NetworkError } from './api-client';
import { saveSession } from './session';

function stubFetch(implementation: () => Promise<Response>) {
  const fetchMock = vi.fn(implementation);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentRequest(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url, init, headers: new Headers(init.headers) };
}

describe('apiClient', () => {
  it('turns an error body into an ApiError with status, message, errors and requestId', async () => {
    stubFetch(async () =>
      jsonResponse({ message: 'Los datos enviados no son válidos.', errors: { email: ['Ingrese un email válido.'] }, requestId: 'req-1' }, 422),
    );
    const error = await apiClient.post('/users', { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'Los datos enviados no son válidos.',
      errors: { email: ['Ingrese un email válido.'] },
      requestId: 'req-1',
    });
  });

  it('keeps the status of an error whose body is not the API shape', async () => {
    stubFetch(async () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': 'r-9' } }));
    const error = await apiClient.get('/user').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, message: '', errors: {}, requestId: 'r-9' });
  });

  it('turns a failure without an answer into a NetworkError, not an ApiError', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiClient.get('/user').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('lets a cancelled request stay a cancellation', async () => {
    stubFetch(async () => {
      throw new DOMException('Aborted', 'AbortError');
    });
    const error = await apiClient.get('/user').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DOMException);
  });

  it('calls the API base with Accept JSON and no Authorization when logged out', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ ok: true }));
    await apiClient.get('/regulations/published', { query: { page: 2, search: '', type: undefined } });
    const { url, init, headers } = sentRequest(fetchMock);
    expect(url).toBe('/api/v1/regulations/published?page=2');
    expect(init.method).toBe('GET');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('adds the stored token as a Bearer and sends bodies as JSON', async () => {
    saveSession({ token: 'tok', role: 'admin', user: { name: 'A', last_name: 'B', email_verified: true } });
    const fetchMock = stubFetch(async () => jsonResponse({ ok: true }));
    await apiClient.post('/users', { body: { name: 'Ana' } });
    const { init, headers } = sentRequest(fetchMock);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"name":"Ana"}');
  });

  it('sends no Content-Type without a body (the server refuses an empty JSON body)', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ message: 'Sesión cerrada.' }));
    await apiClient.post('/logout');
    expect(sentRequest(fetchMock).headers.has('Content-Type')).toBe(false);
  });

  it('checks the answer with the given schema', async () => {
    stubFetch(async () => jsonResponse({ unexpected: true }));
    const schema = { parse: (data: unknown) => (data as { value: number }).value.toFixed() };
    await expect(apiClient.get('/x', { schema })).rejects.toBeInstanceOf(TypeError);
  });
});
