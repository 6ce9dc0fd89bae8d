import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../modules/auth/account-service.js';
import { ACCOUNT_ADDRESS_FAILURE_LIMIT, ACCOUNT_BACKOFF_THRESHOLD, IP_FAILURE_LIMIT } from '../modules/auth/login-throttle.js';
import { SUBSCRIBE_LIMITS } from '../modules/subscriptions/service.js';
import { statusCounts, together } from '../test/bursts.js';
import { buildLoggedInUser, buildUser, newDeviceId } from '../test/factories.js';
import { createTestApp, type TestContext } from '../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../test/mail.js';

/**
 * The limits under bursts: every rate-limited route, sent more requests at once than its limit
 * allows (DESIGN.md section 8: each attempt is reserved before the work). Exactly `limit` of them are
 * served, the rest get 429 with Retry-After and a Spanish message, none 5xx, whatever key the limit
 * counts: an account from one address, an address, an account from many addresses, an e-mail, a client.
 */

let ctx: TestContext;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ mail: { smtpUrl: sink.url, from: 'Concejo <no-reply@concejo.example.org>', outboxDir: '/nonexistent' } });
});
afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

type Answer = Awaited<ReturnType<TestContext['app']['inject']>>;
interface Burst {
  name: string;
  /** How many are sent at once, more than `limit`. */
  size: number;
  limit: number;
  /** The status of a request the limit let through (a wrong password checked: 401). */
  served: number;
  send: (index: number) => Promise<Answer>;
}

const post = (url: string, payload: Record<string, unknown>, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress, headers });
const wrongLogin = (email: string, remoteAddress: string) => post('/login', { email, password: 'mal' }, remoteAddress, { 'device-id': newDeviceId() });
const wrongReset = (email: string, remoteAddress: string, index: number) =>
  post('/reset-password', { email, token: `R${String(index).padStart(42, '0')}`, password: 'Nueva-Clave-Segura-77', password_confirmation: 'Nueva-Clave-Segura-77' }, remoteAddress);

/** Each burst's keys are its own (accounts, addresses, e-mails), so that no burst reaches another's limit. */
const bursts: (() => Promise<Burst>)[] = [
  async () => {
    const { email } = await buildUser(ctx.db);
    return { name: 'login: one account from one address', size: 20, limit: ACCOUNT_ADDRESS_FAILURE_LIMIT, served: 401, send: () => wrongLogin(email, '192.0.2.1') };
  },
  async () => ({ name: 'login: one address, many accounts', size: 45, limit: IP_FAILURE_LIMIT, served: 401, send: (index) => wrongLogin(`cuenta${index}@concejo.test`, '192.0.2.2') }),
  async () => {
    const { email } = await buildUser(ctx.db);
    return { name: 'login: one account from 12 addresses', size: 60, limit: ACCOUNT_BACKOFF_THRESHOLD, served: 401, send: (index) => wrongLogin(email, `192.0.3.${(index % 12) + 1}`) };
  },
  async () => ({ name: 'forgot-password: one e-mail', size: 12, limit: LIMITS.forgotPerEmail, served: 200, send: (index) => post('/forgot-password', { email: 'vecina@concejo.test' }, `192.0.4.${index + 1}`) }),
  async () => ({ name: 'forgot-password: one client', size: 30, limit: LIMITS.forgotPerIp, served: 200, send: (index) => post('/forgot-password', { email: `persona${index}@concejo.test` }, '192.0.2.5') }),
  async () => {
    const { email } = await buildUser(ctx.db);
    return { name: 'reset-password: one e-mail', size: 15, limit: LIMITS.resetFailuresPerEmail, served: 422, send: (index) => wrongReset(email, `192.0.5.${index + 1}`, index) };
  },
  async () => ({ name: 'reset-password: one client', size: 30, limit: LIMITS.resetFailuresPerIp, served: 422, send: (index) => wrongReset(`persona${index}@concejo.test`, '192.0.2.6', index) }),
  async () => {
    const { headers } = await buildLoggedInUser(ctx.app, ctx.db, 'mesa');
    return { name: 'verification e-mail: one account', size: 12, limit: LIMITS.verificationsPerUser, served: 200, send: () => ctx.app.inject({ method: 'POST', url: '/api/v1/email/verification-notification', headers }) };
  },
  async () => ({
    name: 'subscriptions: one address',
    size: 15,
    limit: SUBSCRIBE_LIMITS.perAddress,
    served: 202,
    send: (index) => post('/subscriptions', { email: `Alertas+${index}@concejo.test`, kind: 'search', filters: { search: `tema ${index}` } }, `192.0.6.${index + 1}`),
  }),
  async () => ({ name: 'subscriptions: one client', size: 30, limit: SUBSCRIBE_LIMITS.perClient, served: 202, send: (index) => post('/subscriptions', { email: `vecino${index}@concejo.test`, kind: 'day-orders' }, '192.0.2.7') }),
];

describe('bursts on every rate-limited route', () => {
  it('serves exactly the limit of a burst sent together and refuses the rest with a Spanish 429 and Retry-After, never a 5xx', { timeout: 120_000 }, async () => {
    const outcomes: Record<string, Record<number, number>> = {};
    const expected: Record<string, Record<number, number>> = {};
    for (const make of bursts) {
      const burst = await make();
      const answers = await together(burst.size, burst.send);
      outcomes[burst.name] = statusCounts(answers);
      expected[burst.name] = { [burst.served]: burst.limit, 429: burst.size - burst.limit };
      for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
        expect(Number(refused.headers['retry-after']), burst.name).toBeGreaterThan(0);
        expect(refused.json().message, burst.name).toMatch(/^(Demasiad|Hubo varios intentos)/);
      }
    }
    expect(outcomes).toEqual(expected);
    await ctx.app.jobs.idle();
  });

  it('still answers after the bursts', async () => {
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
