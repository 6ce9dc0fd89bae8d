import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox.js';

describe('mailboxKey', () => {
  it('counts the case and the +tag variants of an address as one mailbox', () => {
    for (const email of ['vecina@example.org', ' Vecina@Example.ORG ', 'vecina+1@example.org', 'VECINA+alertas+2@example.org']) {
      expect(mailboxKey(email), email).toBe('vecina@example.org');
    }
  });

  it("ignores Gmail's dots and takes googlemail.com for gmail.com; dots elsewhere are kept", () => {
    for (const email of ['v.e.c.i.n.a@gmail.com', 'vecina+x@googlemail.com', 'Ve.Cina@GMAIL.com']) expect(mailboxKey(email), email).toBe('vecina@gmail.com');
    expect(mailboxKey('ve.cina@example.org')).toBe('ve.cina@example.org');
  });

  it("drops the keyword of Yahoo's disposable addresses, and keeps a '-' elsewhere", () => {
    expect(mailboxKey('vecina-compras@yahoo.com.ar')).toBe('vecina@yahoo.com.ar');
    expect(mailboxKey('mesa-de-entradas@example.org')).toBe('mesa-de-entradas@example.org');
  });

  it('keeps a local part that is only a tag or only dots rather than emptying it', () => {
    expect(mailboxKey('+tag@example.org')).toBe('+tag@example.org');
    expect(mailboxKey('...@gmail.com')).toBe('...@gmail.com');
  });
});
