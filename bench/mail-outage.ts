// A mail server down for a minute: ten password reset e-mails are asked for while it is down, it comes
// back after OUTAGE_SECONDS, and this reports when each message arrived (nothing may be lost).
// The real app (buildApp) on an embedded PostgreSQL, a real SMTP server on localhost.
// Run: npx tsx bench/mail-outage.ts            (OUTAGE_SECONDS=60 by default)
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.js';
import { testConfig } from '../apps/api/src/config.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';
import { buildUser } from '../apps/api/src/test/factories.js';
import { startSmtpSink } from '../apps/api/src/test/mail.js';
import { withBenchDatabase } from './support.js';

const OUTAGE_MS = Number(process.env.OUTAGE_SECONDS ?? 60) * 1000;
const MESSAGES = 10;

await withBenchDatabase(async (db) => {
  await runMigrations(db);
  const probe = await startSmtpSink();
  const port = probe.port;
  await probe.close();
  const app = await buildApp({
    config: testConfig({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'bench@concejo.test', outboxDir: '/nonexistent' } }),
    db,
    logger: pino({ level: 'silent' }),
  });
  await app.ready();
  const users = await Promise.all(Array.from({ length: MESSAGES }, () => buildUser(db)));
  const started = performance.now();
  for (const [index, user] of users.entries()) {
    const response = await app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: user.email }, remoteAddress: `10.9.0.${index + 1}` });
    if (response.statusCode !== 200) throw new Error(`forgot-password answered ${response.statusCode}`);
  }
  console.log(`${MESSAGES} reset e-mails asked for; the mail server is down for ${OUTAGE_MS / 1000} s`);
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
  const smtp = await startSmtpSink(port);
  const back = performance.now();
  console.log(`mail server back after ${((back - started) / 1000).toFixed(1)} s`);
  const arrived = new Map<string, number>();
  while (arrived.size < MESSAGES && performance.now() - back < 10 * 60_000) {
    for (const user of users) if (!arrived.has(user.email) && smtp.to(user.email).length > 0) arrived.set(user.email, performance.now());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const delays = [...arrived.values()].map((at) => (at - back) / 1000).sort((a, b) => a - b);
  console.log(
    `delivered ${arrived.size} of ${MESSAGES}, lost ${MESSAGES - arrived.size}; after the server came back: first ${delays[0]?.toFixed(1)} s, last ${delays.at(-1)?.toFixed(1)} s; ` +
      `duplicates ${users.filter((user) => smtp.to(user.email).length > 1).length}`,
  );
  await app.close();
  await smtp.close();
  if (arrived.size < MESSAGES) process.exitCode = 1;
});
