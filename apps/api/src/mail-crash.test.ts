import { describe, expect, it } from 'vitest';
import { loginOverHttp } from './test/server-process.js';
import { mailingServer } from './test/mailing-server.js';

/**
 * The server as `npm start` runs it, SIGKILLed right after it answers "forgot password" (ten times,
 * each followed by a plain start): every e-mail asked for reaches the suite's real SMTP server, and
 * its link works. Before the durable queue, 10 of 10 such e-mails were lost.
 */

const ROUNDS = 10;
const ADMIN = { email: 'caidas@concejo.test', password: 'Caidas-del-servidor-2026' };
const PUBLIC_URL = 'https://concejo.example.org';
const crash = mailingServer('mail', { admin: ADMIN, publicUrl: PUBLIC_URL });
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('a server killed right after "forgot password"', () => {
  it('sends every e-mail after its next start, each with a working link', { timeout: 240_000 }, async () => {
    let server = await crash.start();
    const admin = await loginOverHttp(server, ADMIN);
    const people = Array.from({ length: ROUNDS }, (_, n) => ({ email: `vecina${n}@concejo.test`, password: `Clave-inicial-${n}-larga` }));
    for (const [n, person] of people.entries()) {
      const created = await post(
        `${server.url}/api/v1/users`,
        { name: 'Vecina', last_name: `Prueba ${n}`, email: person.email, email_confirmation: person.email, password: person.password, password_confirmation: person.password, role: 'user' },
        admin,
      );
      expect(created.status, await created.text()).toBe(201);
    }

    let outBeforeKill = 0;
    const restarts: number[] = [];
    for (const person of people) {
      const answer = await post(`${server.url}/api/v1/forgot-password`, { email: person.email });
      expect(answer.status).toBe(200);
      await server.kill();
      outBeforeKill += crash.smtp().to(person.email).length > 0 ? 1 : 0;
      server = await crash.start();
      restarts.push(server.readyMs);
    }

    await expect.poll(() => people.filter((person) => crash.smtp().to(person.email).length === 0).map((person) => person.email), { timeout: 90_000, interval: 250 }).toEqual([]);
    // Each newest link sets a new password (a message sent just before a kill may be sent again, with a new link).
    for (const person of people) {
      const link = new URL(crash.smtp().to(person.email).at(-1)!.links.find((candidate) => candidate.includes('/password-reset/'))!);
      expect(link.origin).toBe(PUBLIC_URL);
      const token = decodeURIComponent(link.pathname.split('/').at(-1)!);
      const password = `Clave-nueva-de-${person.email.split('@')[0]}-2026`;
      const reset = await post(`${server.url}/api/v1/reset-password`, { token, email: person.email, password, password_confirmation: password });
      expect(reset.status, await reset.text()).toBe(200);
      await loginOverHttp(server, { email: person.email, password });
    }
    const sorted = [...restarts].sort((a, b) => a - b);
    console.log(
      `forgot-password crash test: ${ROUNDS} kills right after the 200; e-mails delivered ${ROUNDS} of ${ROUNDS} ` +
        `(${outBeforeKill} left before their kill, ${ROUNDS - outBeforeKill} after the next start); ` +
        `duplicates ${people.filter((person) => crash.smtp().to(person.email).length > 1).length}; restart to ready: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms`,
    );
  });
});
