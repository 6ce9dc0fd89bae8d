import path from 'node:path';
import { expect } from '@playwright/test';
import { envelopeOf, readOutbox, type ReadMail } from '../../apps/api/src/test/mail';

/**
 * The port of the run's SMTP server (support/global-setup.ts); the built server is started with
 * SMTP_URL=smtp://127.0.0.1:<this> (playwright.config.ts). E2E_SMTP_PORT moves it, beside E2E_PORT, so that
 * two checkouts can run their suites side by side.
 */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3925);

/** Where that server writes each message it receives, for the specs of every worker. */
export const E2E_MAIL_DIR = path.resolve(import.meta.dirname, '../../.tmp/e2e-mail');

/** The messages delivered to an address so far, oldest first. */
export async function mailTo(email: string): Promise<ReadMail[]> {
  return (await readOutbox(E2E_MAIL_DIR)).filter((mail) => envelopeOf(mail).some((address) => address.toLowerCase() === email.toLowerCase()));
}

/** Waits for the latest message to the address that matches, and returns it. */
export async function waitForMail(email: string, matches: (mail: ReadMail) => boolean, { timeout = 15_000 } = {}): Promise<ReadMail> {
  let found: ReadMail | undefined;
  await expect.poll(async () => (found = (await mailTo(email)).filter(matches).at(-1)), { message: `an e-mail to ${email}`, timeout }).toBeDefined();
  return found!;
}

/** The first link of the message whose path contains `fragment`. */
export function linkIn(mail: ReadMail, fragment: string): string {
  const link = mail.links.find((candidate) => candidate.includes(fragment));
  if (!link) throw new Error(`no ${fragment} link in: ${mail.text}`);
  return link;
}
