import { createHmac, timingSafeEqual } from 'node:crypto';

/** Short-lived links to private files: the path and its expiry signed with the app's secret. */
export function createUrlSigner(secret: string) {
  const sign = (path: string, expires: number) => createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url');
  return {
    sign(path: string, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${path}?expires=${expires}&signature=${sign(path, expires)}`;
    },
    verify(path: string, expires: number, signature: string, now: Date): boolean {
      if (!Number.isInteger(expires) || expires * 1000 < now.getTime()) return false;
      const expected = Buffer.from(sign(path, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
