import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { buildUser, newDeviceId } from '../test/factories.js';
import { capturingLogger, createTestApp, type TestContext } from '../test/harness.js';
import { isTrustedProxy, trustProxyOption } from './trust-proxy.js';

/** An app behind the given TRUST_PROXY, and the address its audit log saw for one login. */
function behind(trustProxy: Config['trustProxy']) {
  let ctx: TestContext;
  const capture = capturingLogger();
  beforeAll(async () => {
    ctx = await createTestApp({ trustProxy }, { logger: capture.logger });
  });
  afterAll(() => ctx.close());

  const login = (body: { email: string; password: string }, remoteAddress: string, forwardedFor?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress,
      headers: { 'device-id': newDeviceId(), ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }) },
      payload: body,
    });

  return {
    ctx: () => ctx,
    login,
    async addressSeen(remoteAddress: string, forwardedFor?: string): Promise<unknown> {
      const from = capture.lines.length;
      expect((await login({ email: 'nadie@concejo.test', password: 'mal' }, remoteAddress, forwardedFor)).statusCode).toBe(401);
      const line = capture.entries().slice(from).find((entry) => entry.event === 'login_failed');
      return line?.address;
    },
  };
}

describe('TRUST_PROXY=1 (one proxy in front, e.g. nginx on this machine)', () => {
  const app = behind(1);

  it("takes the address the proxy added, not the first X-Forwarded-For entry a client wrote", async () => {
    // nginx's $proxy_add_x_forwarded_for appends the address it saw to what the client sent.
    expect(await app.addressSeen('127.0.0.1', '10.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await app.addressSeen('127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
  });

  it('keeps guessing from one client locked whatever X-Forwarded-For it writes, and leaves other clients alone', async () => {
    const user = await buildUser(app.ctx().db);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await app.login({ email: user.email, password: 'mal' }, '127.0.0.1', `192.0.2.${attempt + 1}, 198.51.100.20`);
      expect(response.statusCode).toBe(401);
    }
    const locked = await app.login({ email: user.email, password: user.password }, '127.0.0.1', '192.0.2.99, 198.51.100.20');
    expect(locked.statusCode).toBe(429);
    // Another person behind the same proxy, once the account's short backoff is over.
    app.ctx().clock.advance(1000);
    expect((await app.login({ email: user.email, password: user.password }, '127.0.0.1', '198.51.100.21')).statusCode).toBe(200);
  });

  it('never takes a client that reaches the server directly from a public address for the proxy', async () => {
    expect(await app.addressSeen('203.0.113.9', '198.51.100.99')).toBe('203.0.113.9');
  });
});

describe("TRUST_PROXY with the proxies' addresses", () => {
  const app = behind(['127.0.0.1', '10.0.0.0/8']);

  it('trusts only those hops', async () => {
    expect(await app.addressSeen('10.1.2.3', '10.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await app.addressSeen('192.168.1.50', '198.51.100.7')).toBe('192.168.1.50');
  });
});

describe('TRUST_PROXY unset', () => {
  const app = behind(false);

  it('ignores X-Forwarded-For', async () => {
    expect(await app.addressSeen('198.51.100.30', '10.6.6.6')).toBe('198.51.100.30');
  });
});

describe('trustProxyOption', () => {
  it('trusts a hop count only from a loopback or private peer', () => {
    const trust = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('::ffff:127.0.0.1', 0)).toBe(true);
    expect(trust('::1', 0)).toBe(true);
    expect(trust('172.20.0.3', 0)).toBe(true);
    expect(trust('fd12::3', 0)).toBe(true);
    expect(trust('203.0.113.9', 0)).toBe(false);
    expect(trust('203.0.113.9', 1)).toBe(true);
    expect(trust('203.0.113.9', 2)).toBe(false);
    expect(trust('not an address', 0)).toBe(false);
  });
});

describe('isTrustedProxy (peers the per-address connection limit does not count)', () => {
  it('is nobody without TRUST_PROXY, the listed addresses and ranges, or a loopback or private peer for a hop count', () => {
    expect(isTrustedProxy(false)('127.0.0.1')).toBe(false);
    const listed = isTrustedProxy(['10.0.0.0/8', '192.0.2.7']);
    expect(['10.1.2.3', '::ffff:10.1.2.3', '192.0.2.7', '192.0.2.8', '127.0.0.1'].map(listed)).toEqual([true, true, true, false, false]);
    const oneHop = isTrustedProxy(1);
    expect(['127.0.0.1', '192.168.1.10', '203.0.113.9'].map(oneHop)).toEqual([true, true, false]);
  });
});
