import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Address } from 'nodemailer/lib/mailer/index.js';

/** One message in Spanish, as plain text and HTML. Its link (reset, verify) lives only in the text and the HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (an alert's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** How the log names the recipient instead of the address: a citizen's alert by its subscription, never its e-mail. */
  loggedAs?: Record<string, string | number>;
}

/** Sends e-mail; a failure rejects, and the caller decides what the person is told. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailSettings {
  smtpUrl?: string;
  from: string | Address;
  outboxDir: string;
}

// A dead or slow SMTP server must not hold a request for minutes (nodemailer waits 2 min by default).
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** SMTP through SMTP_URL. The link is never logged here: it would put live credentials in the logs. */
export function createSmtpMailer(settings: MailSettings & { smtpUrl: string }, log: FastifyBaseLogger): Mailer {
  // Options written in the URL's query (?connectionTimeout=...) win over these.
  const transport = nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS });
  return {
    async send({ to, subject, text, html, headers, loggedAs }) {
      const info = await transport.sendMail({ from: settings.from, to, subject, text, html, headers });
      log.info({ ...(loggedAs ?? { to }), subject, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP (a laptop, a demo): each message becomes an .eml file in the outbox folder (mode 600),
 * so password reset and verification still work (DESIGN.md section 2). The log names the file, never
 * the link: a link in the log would be a live credential for whoever reads the logs.
 */
export function createOutboxMailer(settings: MailSettings, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, headers, loggedAs }) {
      const info = await transport.sendMail({ from: settings.from, to, subject, text, html, headers });
      await fs.mkdir(settings.outboxDir, { recursive: true, mode: 0o700 });
      // Sortable by time; the random part keeps two messages of the same millisecond apart.
      const file = path.join(settings.outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ ...(loggedAs ?? { to }), subject, file }, 'mail written to the outbox (SMTP_URL is not set); open the file to follow its link');
    },
    close: () => transport.close(),
  };
}

export function createMailer(settings: MailSettings, log: FastifyBaseLogger): Mailer {
  return settings.smtpUrl ? createSmtpMailer({ ...settings, smtpUrl: settings.smtpUrl }, log) : createOutboxMailer(settings, log);
}
