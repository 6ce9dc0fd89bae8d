import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig: outgoing e-mail', () => {
  it('writes to the outbox under DATA_DIR without SMTP_URL, from the council at the host of PUBLIC_URL', () => {
    const { mail } = loadConfig({ DATA_DIR: '/srv/concejo', PUBLIC_URL: 'https://concejo.example.gob.ar', COUNCIL_NAME: 'Concejo de Tandil' });
    expect(mail).toEqual({
      smtpUrl: undefined,
      from: { name: 'Concejo de Tandil', address: 'no-reply@concejo.example.gob.ar' },
      outboxDir: path.join('/srv/concejo', 'mail'),
    });
  });

  it('takes SMTP_URL (smtp or smtps) and MAIL_FROM as given', () => {
    const { mail } = loadConfig({ SMTP_URL: 'smtps://user:secreto@smtp.example.org:465', MAIL_FROM: 'Concejo <avisos@concejo.gob.ar>' });
    expect(mail.smtpUrl).toBe('smtps://user:secreto@smtp.example.org:465');
    expect(mail.from).toBe('Concejo <avisos@concejo.gob.ar>');
    expect(loadConfig({ SMTP_URL: '  ' }).mail.smtpUrl).toBeUndefined();
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://, without showing its value', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:secreto@mail.example.org' })).toThrow(ConfigError);
    try {
      loadConfig({ SMTP_URL: 'http://user:secreto@mail.example.org' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual(['SMTP_URL (valor oculto): debe ser una URL smtp:// o smtps://']);
    }
  });
});
