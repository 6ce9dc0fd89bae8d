import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this digest, so a leaked table grants no session. */
export function digestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
