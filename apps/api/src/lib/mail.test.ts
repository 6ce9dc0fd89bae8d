import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail, startSmtpSink, type SmtpSink } from '../test/mail.js';
import { createMailer, createOutboxMailer, createSmtpMailer } from './mail.js';
import { informalForms } from '@concejo/contracts';
import { passwordResetMail, verificationMail } from './mail-templates.js';

/** A real pino logger whose JSON lines are kept for the test to read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      callback();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

const link = 'https://concejo.example.org/password-reset/abc?email=ana%40concejo.test';
const message = passwordResetMail({
  to: { email: 'ana@concejo.test', name: 'Ana <script>' },
  councilName: 'Concejo Deliberante de Villa "Ñandú"',
  link,
  minutes: 15,
});

let smtp: SmtpSink;
let dir: string;
beforeAll(async () => {
  smtp = await startSmtpSink();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'concejo-mail-'));
});
afterAll(async () => {
  await smtp.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('mail templates', () => {
  it('escape names in the HTML and keep the link whole in the text', () => {
    expect(message.html).toContain('Hola, Ana &lt;script&gt;:');
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('Concejo Deliberante de Villa &quot;Ñandú&quot;');
    expect(message.text).toContain(`Restablecer contraseña: ${link}`);
    expect(message.subject).toBe('Restablecer su contraseña | Concejo Deliberante de Villa "Ñandú"');
  });

  it('speak as usted, as the public pages do: an account may be a citizen\'s', () => {
    const verification = verificationMail({ to: { email: 'ana@concejo.test', name: 'Ana' }, councilName: 'Concejo', link, minutes: 60 });
    for (const mail of [message, verification]) {
      expect(informalForms(`${mail.subject}\n${mail.text}`)).toEqual([]);
      expect(informalForms(mail.html)).toEqual([]);
    }
  });
});

describe('createOutboxMailer', () => {
  it('writes one .eml per message and logs where it is, never its link', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createOutboxMailer({ from: { name: 'Concejo, Villa', address: 'no-reply@concejo.test' }, outboxDir: path.join(dir, 'mail') }, log);
    await mailer.send(message);
    await mailer.send(message);
    const files = (await fs.readdir(path.join(dir, 'mail'))).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const stat = await fs.stat(path.join(dir, 'mail', files[0]!));
    expect(stat.mode & 0o777).toBe(0o600);
    const mail = readMail(await fs.readFile(path.join(dir, 'mail', files[0]!), 'utf8'));
    expect(mail.subject).toBe(message.subject);
    expect(mail.from).toContain('no-reply@concejo.test');
    expect(mail.links).toContain(link);
    expect(mail.html).toContain('Restablecer contraseña');
    const written = lines.filter((line) => typeof line.file === 'string');
    expect(written.map((line) => line.file)).toEqual(files.map((file) => path.join(dir, 'mail', file)));
    // Neither the link nor its token reach the log.
    expect(JSON.stringify(lines)).not.toContain(link);
    expect(JSON.stringify(lines)).not.toContain('/password-reset/abc');
  });
});

describe('createSmtpMailer', () => {
  it('delivers through SMTP in text and HTML, and never logs the link', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Concejo <no-reply@concejo.test>', outboxDir: path.join(dir, 'unused') }, log);
    await mailer.send(message);
    mailer.close();
    const [received] = smtp.to('ana@concejo.test');
    expect(received!.subject).toBe(message.subject);
    expect(received!.text.trimEnd()).toBe(message.text);
    expect(received!.html).toContain('lang="es"');
    expect(JSON.stringify(lines)).not.toContain(link);
    await expect(fs.stat(path.join(dir, 'unused'))).rejects.toThrow();
  });

  it("names a citizen's alert in the log by what it is given, never by the address", async () => {
    const { log, lines } = capturingLogger();
    const mailer = createSmtpMailer({ smtpUrl: smtp.url, from: 'Concejo <no-reply@concejo.test>', outboxDir: dir }, log);
    await mailer.send({ ...message, to: 'vecina@example.org', loggedAs: { subscriptionId: 7 } });
    mailer.close();
    expect(smtp.to('vecina@example.org')).toHaveLength(1);
    expect(lines.find((line) => line.msg === 'mail sent')).toMatchObject({ subscriptionId: 7 });
    expect(JSON.stringify(lines)).not.toContain('vecina@example.org');
  });

  it('rejects when the server cannot be reached (the job queue retries it), and logs no success', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'x@concejo.test', outboxDir: dir }, log);
    await expect(mailer.send(message)).rejects.toThrow();
    expect(lines.some((line) => line.msg === 'mail sent')).toBe(false);
    mailer.close();
  });
});
