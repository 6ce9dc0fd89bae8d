/** A third-party service answered, but not with what we asked for. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
}

/** Third-party services get little time: the home page does not wait for them. */
export const UPSTREAM_TIMEOUT_MS = 3000;

/** GETs a third-party JSON API; never sends our cookies or the visitor's data, only what `url` holds. */
export async function fetchJson(url: URL, timeoutMs = UPSTREAM_TIMEOUT_MS): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  if (!response.ok) {
    // The body may echo the request (and so the key): only the status goes into the log.
    await response.body?.cancel();
    throw new UpstreamError(`${url.host} answered ${response.status}`);
  }
  return response.json();
}

/** The URL without its query string, for log lines: the query carries the API key. */
export const withoutQuery = (url: URL) => `${url.origin}${url.pathname}`;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The video service escapes titles as HTML ("Sesi&oacute;n" is rare, "&quot;" and "&#39;" are common).
 * The page prints them as text, so they are decoded here, once.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}
