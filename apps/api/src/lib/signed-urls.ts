import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links to private files: the path and its expiry signed with the app's secret, and the name
 * the file is saved under when the link gives one (so that nobody can rename a document through its link).
 */
export function createUrlSigner(secret: string) {
  const sign = (path: string, expires: number, name?: string) =>
    createHmac('sha256', secret)
      .update(name === undefined ? `${path}\n${expires}` : `${path}\n${expires}\n${name}`)
      .digest('base64url');
  return {
    sign(path: string, expiresAt: Date, name?: string): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const named = name === undefined ? '' : `&name=${encodeURIComponent(name)}`;
      return `${path}?expires=${expires}${named}&signature=${sign(path, expires, name)}`;
    },
    verify(path: string, expires: number, signature: string, now: Date, name?: string): boolean {
      if (!Number.isInteger(expires) || expires * 1000 < now.getTime()) return false;
      const expected = Buffer.from(sign(path, expires, name));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
