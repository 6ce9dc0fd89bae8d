import { expect } from '@playwright/test';
import { startSmtpSink, type ReadMail, type SmtpSink } from '../../apps/api/src/test/mail';

/**
 * The port of the SMTP server the e2e specs listen on; the built server is started with
 * SMTP_URL=smtp://127.0.0.1:<this> (playwright.config.ts). When no spec listens, sending fails
 * and the server answers or logs as it would with a dead mail server.
 */
export const E2E_SMTP_PORT = 3925;

export function startE2eSmtp(): Promise<SmtpSink> {
  return startSmtpSink(E2E_SMTP_PORT);
}

/** Waits for the next message to the address that matches, and returns it. */
export async function waitForMail(smtp: SmtpSink, email: string, matches: (mail: ReadMail) => boolean): Promise<ReadMail> {
  let found: ReadMail | undefined;
  await expect
    .poll(() => (found = smtp.to(email).filter(matches).at(-1)), { message: `an e-mail to ${email}`, timeout: 15_000 })
    .toBeDefined();
  return found!;
}

/** The first link of the message whose path contains `fragment`. */
export function linkIn(mail: ReadMail, fragment: string): string {
  const link = mail.links.find((candidate) => candidate.includes(fragment));
  if (!link) throw new Error(`no ${fragment} link in: ${mail.text}`);
  return link;
}
