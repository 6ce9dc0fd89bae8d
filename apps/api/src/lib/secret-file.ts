import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A random secret kept in a file readable by the owner only, created on first use. */
export async function readOrCreateSecret(file: string, bytes = 32): Promise<string> {
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    if (existing) return existing;
  } catch {
    // created below
  }
  const secret = randomBytes(bytes).toString('base64url');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
