import fs from 'node:fs/promises';
import { startSmtpSink } from '../../apps/api/src/test/mail';
import { E2E_MAIL_DIR, E2E_SMTP_PORT } from './smtp';

/**
 * One real SMTP server for the whole run, on the port the built server sends to (playwright.config.ts):
 * every spec, in whichever worker, reads what it received from E2E_MAIL_DIR (support/smtp.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await fs.rm(E2E_MAIL_DIR, { recursive: true, force: true });
  await fs.mkdir(E2E_MAIL_DIR, { recursive: true });
  const smtp = await startSmtpSink(E2E_SMTP_PORT, { keepIn: E2E_MAIL_DIR });
  return () => smtp.close();
}
