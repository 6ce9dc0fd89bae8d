import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  API_BASE,
  REGULATION_ACTION_LABELS,
  SITE_PATHS,
  SUBSCRIPTION_CONFIRM_HOURS,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PAGES,
  SUBSCRIPTION_PATHS,
  isPublicRegulationType,
  unsubscribesAll,
  type RegulationActionKind,
  type RegulationLinkKind,
  type SubscribeRequest,
  type SubscriptionCounts,
} from '@concejo/contracts';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ValidationFailed } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import type { RequestLimit } from '../../lib/request-limit.js';
import { mailboxKey } from '../../lib/mailbox.js';
import { digestToken, newToken } from '../../lib/tokens.js';
import { addJob, type JobPayloads } from '../../queue/queue.js';
import { confirmationMail, digestMail, followedText, type DigestItem, type DigestSection, type NamedRegulation } from './mails.js';
import type { Followed, FollowedNorms, SubscriptionRepository } from './repository.js';

/** Subscription requests per address and per client address in one hour (each confirmation e-mail is one request). */
export const SUBSCRIBE_LIMITS = { perAddress: 5, perClient: 20, windowMs: 60 * 60_000 };
/** An address as it is kept and written to: trimmed, lower case. */
export const addressOf = (email: string) => email.trim().toLowerCase();

/** What a subscription request follows, as its row keeps it. */
export function followedBy(input: SubscribeRequest): Followed {
  if (input.kind === 'search') {
    return { kind: 'search', search: input.filters.search || null, type: input.filters.type ?? null, legalForce: input.filters.legal_force ?? null, regulationId: null };
  }
  if (input.kind === 'regulation') return { kind: 'regulation', search: null, type: null, legalForce: null, regulationId: input.regulation_id };
  return { kind: 'day-orders', search: null, type: null, legalForce: null, regulationId: null };
}

/** Events read by one digest transaction; a day of a council's work is far below it. */
const EVENTS_PER_DIGEST = 10_000;
const CONFIRM_TTL_MS = SUBSCRIPTION_CONFIRM_HOURS * 60 * 60_000;

/**
 * Agendas by id, as a digest tells them: the session each is for ("Sesión Ordinaria, Martes, 10 de
 * marzo de 2026, 19:00 h") and its PDF's public URL; a deleted one absent. modules/day-orders answers
 * it, handed in by app.ts: this module reads no agenda table.
 */
export type AgendasOf = (ids: number[]) => Promise<Map<number, { session: string; pdfUrl: string | null }>>;

interface Deps {
  db: Database;
  repository: SubscriptionRepository;
  clock: Clock;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  councilName: string;
  timeZone: string;
  digestHour: number;
  agendas: AgendasOf;
  /** The norms followed and told of (modules/regulations, handed in by app.ts). */
  norms: Pick<FollowedNorms, 'isPublic' | 'named' | 'linkKinds' | 'publicSteps'>;
  /**
   * Subscription requests counted per address and per client address, SUBSCRIBE_LIMITS.windowMs
   * long, in the counters the account requests use (app.ts hands them in).
   */
  limit: RequestLimit;
  log: FastifyBaseLogger;
}

/** What an unsubscribe link names: one subscription, or every subscription of an address. */
type Unsubscribing = { kind: 'one'; id: number } | { kind: 'address'; emailDigest: string };

/**
 * Citizens' e-mail alerts (issue 16): subscriptions with double opt-in, the daily digest and the
 * one-click unsubscribe links. Addresses are used for nothing else and shown to no one.
 */
export function createSubscriptionService({ db, repository, clock, mailer, secret, publicUrl, councilName, timeZone, digestHour, agendas: agendasOf, norms, limit, log }: Deps) {
  const mac = (value: string) => createHmac('sha256', `${secret}\nsubscriptions`).update(value).digest('base64url').slice(0, 32);
  const apiUrl = (path: string) => `${publicUrl}${API_BASE}${path}`;

  function unsubscribeUrl(target: Unsubscribing): string {
    const subject = target.kind === 'one' ? `s${target.id}` : `a${target.emailDigest}`;
    return apiUrl(SUBSCRIPTION_PATHS.unsubscribe(`${subject}.${mac(subject)}`));
  }

  function readUnsubscribeToken(token: string): Unsubscribing | undefined {
    const match = /^(s[1-9]\d{0,9}|a[0-9a-f]{64})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return undefined;
    const [, subject, given] = match as unknown as [string, string, string];
    const expected = Buffer.from(mac(subject));
    if (!timingSafeEqual(expected, Buffer.from(given))) return undefined;
    return unsubscribesAll(subject) ? { kind: 'address', emailDigest: subject.slice(1) } : { kind: 'one', id: Number(subject.slice(1)) };
  }

  async function namedRegulations(ids: number[]): Promise<Map<number, NamedRegulation>> {
    if (!ids.length) return new Map();
    const rows = await norms.named(ids);
    return new Map(
      rows.map((row) => [
        row.id,
        { ...row, url: !isPublicRegulationType(row.type) ? null : row.number !== null ? `${publicUrl}${SITE_PATHS.regulation(row.type, row.number)}` : row.expediente ? `${publicUrl}${SITE_PATHS.project(row.expediente)}` : null },
      ]),
    );
  }

  /**
   * Queues the next digest at ALERTS_DIGEST_HOUR: one job, keyed by its time, whatever the number of
   * instances that start (the running digest, keyed by its own time, is left alone).
   */
  async function scheduleDigest(): Promise<void> {
    const runAt = await repository.nextDigestAt(digestHour, timeZone);
    await addJob(db, 'alerts-digest', {}, { key: `alerts-digest:${runAt.toISOString()}`, runAt });
  }

  async function followedOf(row: Followed): Promise<string> {
    const regulation = row.regulationId === null ? undefined : (await namedRegulations([row.regulationId])).get(row.regulationId);
    return followedText(row, regulation);
  }

  return {
    /**
     * A new subscription (or the one this address already has to the same thing): a confirmation
     * e-mail goes out through the queue unless it is already confirmed. The answer is the same
     * whatever the address; only the limits (429) and a norm that is not public (422) say otherwise.
     */
    async subscribe(input: SubscribeRequest, ip: string): Promise<{ message: string }> {
      const email = addressOf(input.email);
      const emailDigest = digestToken(email);
      // Reserved before anything is written or sent; the variants of one mailbox count as one address.
      await limit.reserve([
        { key: `subscribe:address:${digestToken(mailboxKey(email))}`, limit: SUBSCRIBE_LIMITS.perAddress },
        { key: `subscribe:ip:${ip}`, limit: SUBSCRIBE_LIMITS.perClient },
      ]);
      const followed = followedBy(input);
      if (followed.regulationId !== null && !(await norms.isPublic(followed.regulationId))) {
        throw ValidationFailed.field('regulation_id', SUBSCRIPTION_MESSAGES.regulationMissing);
      }
      const row = await repository.findOrCreate(email, emailDigest, followed, clock.now());
      if (row.confirmedAt === null) await addJob(db, 'subscription-confirm-mail', { subscriptionId: row.id });
      return { message: SUBSCRIPTION_MESSAGES.accepted };
    },

    /** The `subscription-confirm-mail` job: a new link (the previous one stops working) made as the message leaves. */
    async deliverConfirmation({ subscriptionId }: JobPayloads['subscription-confirm-mail']): Promise<void> {
      const row = await repository.find(subscriptionId);
      if (!row || row.confirmedAt !== null) return;
      const token = newToken();
      if (!(await repository.setConfirmToken(row.id, digestToken(token)))) return;
      const mail = confirmationMail({ to: row.email, councilName, followed: await followedOf(row), link: apiUrl(SUBSCRIPTION_PATHS.confirm(token)) });
      await mailer.send({ ...mail, loggedAs: { subscriptionId: row.id } });
    },

    /**
     * Where the confirmation link leads: the confirmed page, also when it was confirmed before (a
     * second click is no error), or the error page for a link unknown, replaced by a newer one or expired.
     */
    async confirm(token: string): Promise<string> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return SUBSCRIPTION_PAGES.error;
      const confirmed = await repository.confirm(digestToken(token), new Date(clock.now().getTime() - CONFIRM_TTL_MS));
      if (!confirmed) return SUBSCRIPTION_PAGES.error;
      if (!confirmed.already) log.info({ subscriptionId: confirmed.id }, 'subscription confirmed');
      return SUBSCRIPTION_PAGES.confirmed;
    },

    /**
     * Where an opened unsubscribe link leads: the page that asks before it drops anything, when the link
     * is genuine and what it names is still there; else that page without the token, which says the
     * link is not valid or was already used (never a page that asks to subscribe again).
     */
    async unsubscribePage(token: string): Promise<string> {
      const target = readUnsubscribeToken(token);
      const left = target && (await repository.exists(target.kind === 'one' ? { id: target.id } : { emailDigest: target.emailDigest }));
      return left ? `${SUBSCRIPTION_PAGES.unsubscribe}?${new URLSearchParams({ token })}` : SUBSCRIPTION_PAGES.unsubscribe;
    },

    /** Drops what the link names (one click: RFC 8058); the message says what was done, or that the link is not valid or was already used. */
    async unsubscribe(token: string): Promise<{ done: boolean; message: string }> {
      const target = readUnsubscribeToken(token);
      if (target?.kind === 'one' && (await repository.deleteOne(target.id))) return { done: true, message: SUBSCRIPTION_MESSAGES.unsubscribed };
      if (target?.kind === 'address' && (await repository.deleteAddress(target.emailDigest)) > 0) return { done: true, message: SUBSCRIPTION_MESSAGES.unsubscribedAll };
      return { done: false, message: SUBSCRIPTION_MESSAGES.unsubscribeInvalid };
    },

    counts(): Promise<SubscriptionCounts> {
      return repository.counts();
    },

    /** Unconfirmed subscriptions older than their link go (hourly, with the file sweep). */
    async sweepUnconfirmed(): Promise<void> {
      const removed = await repository.sweepUnconfirmed(new Date(clock.now().getTime() - CONFIRM_TTL_MS));
      if (removed) log.info({ removed }, 'unconfirmed subscriptions deleted');
    },

    scheduleDigest,

    /**
     * The `alerts-digest` job: the events since the last digest matched against the subscriptions
     * confirmed before each, one `alert-mail` job per address, and the events deleted, all in one
     * transaction (a crash leaves the events for the next try). The next digest is queued first.
     */
    async runDigest(): Promise<{ events: number; mails: number }> {
      await scheduleDigest();
      const started = performance.now();
      let events = 0;
      let mails = 0;
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const taken = await repository.takeEvents(tx, EVENTS_PER_DIGEST);
          if (!taken.length) return true;
          const ids = taken.map((event) => event.id);
          const byAddress = new Map<string, JobPayloads['alert-mail']['alerts']>();
          for (const { emailDigest, ...alert } of await repository.alertsFor(tx, ids)) {
            const list = byAddress.get(emailDigest) ?? [];
            if (!list.length) byAddress.set(emailDigest, list);
            list.push(alert);
          }
          for (const [emailDigest, alerts] of byAddress) await addJob(tx, 'alert-mail', { emailDigest, alerts });
          await repository.deleteEvents(tx, ids);
          events += taken.length;
          mails += byAddress.size;
          return taken.length < EVENTS_PER_DIGEST;
        });
        if (done) break;
      }
      log.info({ events, mails, ms: Math.round(performance.now() - started) }, 'alerts digest queued');
      return { events, mails };
    },

    /**
     * The `alert-mail` job: one address's digest, with what is still followed (a subscription dropped
     * since the digest was made is left out). A failure to send throws: the queue tries again.
     */
    async deliverDigest({ emailDigest, alerts }: JobPayloads['alert-mail']): Promise<void> {
      const followed = new Map((await repository.confirmedOf(emailDigest)).map((row) => [row.id, row]));
      const kept = alerts.filter((alert) => followed.has(alert.subscriptionId));
      if (!kept.length) return;
      // The norms the items name and the norms followed, in one read.
      const named = await namedRegulations([
        ...kept.flatMap((alert) => [alert.regulationId, alert.byRegulationId].filter((id): id is number => id !== undefined)),
        ...[...followed.values()].flatMap((row) => (row.regulationId === null ? [] : [row.regulationId])),
      ]);
      const links = await linkKinds(kept.filter((alert) => alert.reason === 'linked').map((alert) => [alert.regulationId!, alert.byRegulationId!] as const));
      const agendas = await agendasOf([...new Set(kept.flatMap((alert) => (alert.dayOrderId === undefined ? [] : [alert.dayOrderId])))]);
      // A step is told as it stands now (its day corrected meanwhile); one deleted, or of a norm no longer public, is not.
      const steps = new Map((await norms.publicSteps(kept.flatMap((alert) => (alert.actionId === undefined ? [] : [alert.actionId])))).map((step) => [step.actionId, step]));
      const sections = new Map<number, DigestSection>();
      for (const alert of kept) {
        const row = followed.get(alert.subscriptionId)!;
        const item = digestItem(alert, named, links, agendas, steps);
        if (!item) continue;
        let section = sections.get(row.id);
        if (!section) {
          const regulation = row.regulationId === null ? undefined : named.get(row.regulationId);
          section = { followed: followedText(row, regulation), items: [], unsubscribeUrl: unsubscribeUrl({ kind: 'one', id: row.id }) };
          sections.set(row.id, section);
        }
        section.items.push(item);
      }
      if (!sections.size) return;
      const mail = digestMail({ to: followed.get(kept[0]!.subscriptionId)!.email, councilName, sections: [...sections.values()], unsubscribeAllUrl: unsubscribeUrl({ kind: 'address', emailDigest }), siteUrl: publicUrl });
      await mailer.send({ ...mail, loggedAs: { subscriptions: [...sections.keys()].join(',') } });
    },
  };

  /** The kind of each (modified, modifier) link, as it is now. */
  async function linkKinds(pairs: (readonly [number, number])[]): Promise<Map<string, RegulationLinkKind>> {
    if (!pairs.length) return new Map();
    const rows = await norms.linkKinds(pairs);
    return new Map(rows.map((row) => [`${row.modifiedId} ${row.modifierId}`, row.kind]));
  }

  function digestItem(
    alert: JobPayloads['alert-mail']['alerts'][number],
    named: Map<number, NamedRegulation>,
    links: Map<string, RegulationLinkKind>,
    agendas: Awaited<ReturnType<AgendasOf>>,
    steps: Map<number, { kind: RegulationActionKind; date: string }>,
  ): DigestItem | undefined {
    if (alert.reason === 'day-order') {
      const agenda = agendas.get(alert.dayOrderId!);
      // Every agenda is stored with its PDF; the list stands in should one ever lack it.
      return agenda && { kind: 'day-order', session: agenda.session, url: agenda.pdfUrl ?? `${publicUrl}${SITE_PATHS.dayOrders}`, pdf: agenda.pdfUrl !== null };
    }
    const regulation = named.get(alert.regulationId!);
    if (!regulation) return undefined;
    if (alert.reason === 'new') return { kind: 'new', regulation };
    if (alert.reason === 'step') {
      const step = steps.get(alert.actionId!);
      return step && { kind: 'step', regulation, step: REGULATION_ACTION_LABELS[step.kind], date: step.date };
    }
    const by = named.get(alert.byRegulationId!);
    const link = links.get(`${alert.regulationId} ${alert.byRegulationId}`);
    return by && link ? { kind: 'linked', regulation, by, link } : undefined;
  }
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
