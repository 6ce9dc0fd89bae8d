import { describe, expect, it } from 'vitest';
import { minimalPdf } from './lib/minimal-pdf.js';
import { multipartForm } from './test/multipart.js';
import { connectToServerDatabase, loginOverHttp } from './test/server-process.js';
import { mailingServer } from './test/mailing-server.js';

/**
 * Citizens' alerts (issue 16) with the server as `npm start` runs it, SIGKILLed right after each of three
 * matching norms is published (each followed by a plain start): the next digest still tells of all three,
 * through the suite's real SMTP server. The digest is started as its hour would start it, by queueing its
 * job in the server's own database.
 */

const ROUNDS = 3;
const ADMIN = { email: 'alertas@concejo.test', password: 'Alertas-tras-una-caida-2026' };
const PUBLIC_URL = 'https://concejo.example.org';
const CITIZEN = 'vecino.alerta@example.org';
const crash = mailingServer('alerts', { admin: ADMIN, publicUrl: PUBLIC_URL });

describe('a server killed right after publishing a norm someone follows', () => {
  it('still tells of it in the next digest', { timeout: 240_000 }, async () => {
    let server = await crash.start();
    const subscribed = await fetch(`${server.url}/api/v1/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: CITIZEN, kind: 'search', filters: { search: 'luminarias' } }),
    });
    expect(subscribed.status).toBe(202);
    await expect.poll(() => crash.smtp().to(CITIZEN).length, { timeout: 60_000, interval: 100 }).toBe(1);
    const confirm = new URL(crash.smtp().to(CITIZEN)[0]!.links.find((link) => link.includes('/subscriptions/confirm/'))!);
    const confirmed = await fetch(`${server.url}${confirm.pathname}`, { redirect: 'manual' });
    expect(confirmed.headers.get('location')).toBe(`${PUBLIC_URL}/suscripcion/confirmada`);

    const numbers: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const admin = await loginOverHttp(server, ADMIN);
      const number = 9100 + round;
      const created = await fetch(`${server.url}/api/v1/regulations`, {
        method: 'POST',
        headers: admin,
        body: multipartForm({ type: 'ordinance', state: 'approved', number, subject: `Recambio de luminarias, tramo ${round + 1}`, authors: ['Ana'] }, { pdf_approved: minimalPdf([`Ordenanza ${number}.`]) }),
      });
      expect(created.status, await created.text()).toBe(201);
      await server.kill();
      numbers.push(number);
      server = await crash.start();
    }

    // Its hour comes: the digest job, queued in the server's database as the schedule queues it.
    const database = await connectToServerDatabase(crash.folder());
    try {
      await database.query(`select graphile_worker.add_job('alerts-digest', '{}'::json)`);
    } finally {
      await database.end();
    }
    const digests = () => crash.smtp().to(CITIZEN).filter((mail) => mail.headers.has('list-unsubscribe'));
    await expect.poll(() => digests().length, { timeout: 60_000, interval: 100 }).toBe(1);
    const digest = digests()[0]!;
    expect(digest.subject).toBe(`${ROUNDS} novedades de lo que sigue | Concejo Deliberante`);
    for (const number of numbers) expect(digest.links).toContain(`${PUBLIC_URL}/normativas/ordenanza/${number}`);
  });
});
