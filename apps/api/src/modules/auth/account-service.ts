import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_PATHS,
  API_BASE,
  isCommonPassword,
  RESET_LINK_MINUTES,
  type AccountStatusResponse,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@concejo/contracts';
import type { Clock } from '../../lib/clock.js';
import { NotFound, ValidationFailed } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mail.js';
import { passwordResetMail, verificationMail } from '../../lib/mail-templates.js';
import { mailboxKey } from '../../lib/mailbox.js';
import { hashPassword } from '../../lib/passwords.js';
import type { UrlSigner } from '../../lib/signed-urls.js';
import { digestToken, newToken } from '../../lib/tokens.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { JobName, JobPayloads } from '../../queue/queue.js';
import { audit } from '../../lib/audit.js';
import { createLoginThrottle } from './login-throttle.js';
import type { AuthRepository } from './repository.js';
import { createRequestLimit, type LimitedKey } from '../../lib/request-limit.js';

/** Reset links live 15 minutes and serve once: a mailbox read later, or a link forwarded, opens nothing. */
export const RESET_TOKEN_TTL_MS = RESET_LINK_MINUTES * 60_000;
/** Verification links expire too, so that an old e-mail cannot verify an address much later. */
export const VERIFICATION_LINK_TTL_MS = 60 * 60_000;
export const REQUEST_WINDOW_MS = 15 * 60_000;
/** Per window: reset e-mails per address and per client, failed resets, verification e-mails per account. */
export const LIMITS = { forgotPerEmail: 3, forgotPerIp: 20, resetFailuresPerEmail: 5, resetFailuresPerIp: 20, verificationsPerUser: 5 };

interface Deps {
  repository: AuthRepository;
  clock: Clock;
  mailer: Mailer;
  /** Queues a job in the durable queue (the e-mails leave from there). */
  queue: <N extends JobName>(name: N, payload: JobPayloads[N]) => Promise<void>;
  signer: UrlSigner;
  publicUrl: string;
  councilName: string;
  log: FastifyBaseLogger;
}

/** What the verification link's GET decided: where the browser goes next. */
export type VerificationOutcome = 'success' | 'error';

/** The hash in the verification link ties it to the address it was sent to: a changed e-mail voids it. */
const emailHash = (email: string) => digestToken(email.toLowerCase());

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Password recovery and e-mail verification: links sent by e-mail, built only from PUBLIC_URL. */
export function createAccountService({ repository, clock, mailer, queue, signer, publicUrl, councilName, log }: Deps) {
  const limit = createRequestLimit(repository, clock, REQUEST_WINDOW_MS);
  const loginThrottle = createLoginThrottle(repository, clock);
  const forgotKeys = (email: string, ip: string): LimitedKey[] => [
    { key: `forgot:email:${mailboxKey(email)}`, limit: LIMITS.forgotPerEmail },
    { key: `forgot:ip:${ip}`, limit: LIMITS.forgotPerIp },
  ];
  const resetKeys = (email: string, ip: string): LimitedKey[] => [
    { key: `reset:email:${mailboxKey(email)}`, limit: LIMITS.resetFailuresPerEmail },
    { key: `reset:ip:${ip}`, limit: LIMITS.resetFailuresPerIp },
  ];
  const invalidLink = () => ValidationFailed.field('token', ACCOUNT_MESSAGES.resetInvalidLink);

  return {
    /**
     * E-mails a reset link when the address has an account. The answer is the same either way, and
     * the message leaves from the durable queue so that neither timing nor a mail failure tells them
     * apart, and a crash or a mail server down for a while delays the message but never loses it.
     */
    async forgotPassword(input: ForgotPasswordRequest & { ip: string }): Promise<AccountStatusResponse> {
      await limit.reserve(forgotKeys(input.email, input.ip));
      const user = await repository.findUserByEmail(input.email);
      audit(log, 'password_reset_requested', { userId: user?.id ?? null, address: input.ip });
      if (user) await queue('password-reset-mail', { userId: user.id });
      return { status: 'reset-link-sent', message: ACCOUNT_MESSAGES.forgotSent };
    },

    /**
     * The `password-reset-mail` job. The link is made when the message leaves, so that no live
     * credential waits in the queue and its 15 minutes start when it is sent; a retry sends a new
     * link (the previous one stops working). A failure to send throws: the queue tries again.
     */
    async deliverPasswordReset({ userId }: JobPayloads['password-reset-mail']): Promise<void> {
      const user = await repository.findUserById(userId);
      if (!user) return;
      const token = newToken();
      const now = clock.now();
      await repository.saveResetToken(user.id, digestToken(token), now, new Date(now.getTime() + RESET_TOKEN_TTL_MS));
      const link = `${publicUrl}/password-reset/${token}?${new URLSearchParams({ email: user.email })}`;
      await mailer.send(passwordResetMail({ to: { email: user.email, name: user.name }, councilName, link, minutes: RESET_TOKEN_TTL_MS / 60_000 }));
    },

    /** Sets a new password with a live token of that e-mail; every session of the account ends. */
    async resetPassword(input: ResetPasswordRequest & { ip: string; deviceId?: string }): Promise<AccountStatusResponse> {
      if (isCommonPassword(input.password)) throw ValidationFailed.field('password', ACCOUNT_MESSAGES.passwordTooCommon);
      // Reserved as a failure before the link is checked; a success gives it back.
      const keys = resetKeys(input.email, input.ip);
      await limit.reserve(keys);
      const now = clock.now();
      const user = await repository.findUserByEmail(input.email);
      const stored = user ? await repository.findResetToken(user.id) : undefined;
      const tokenHash = digestToken(input.token);
      const live = stored !== undefined && stored.expiresAt > now && sameText(stored.tokenHash, tokenHash);
      // The hash (slow on purpose) is computed only for a token that can be spent.
      if (!user || !live || !(await repository.completeReset(user.id, tokenHash, await hashPassword(input.password), now))) {
        throw invalidLink();
      }
      await limit.clear(keys[0]!.key);
      await limit.release(keys.slice(1));
      // Whoever reset the password owns the mailbox: failed logins counted against it no longer apply,
      // and this client (its address, the browser's Device-Id) logs in past the account's backoff.
      await loginThrottle.mailboxProven(user, { ip: input.ip, deviceId: input.deviceId });
      audit(log, 'password_reset', { userId: user.id, address: input.ip });
      return { status: 'password-reset', message: ACCOUNT_MESSAGES.resetDone };
    },

    /** E-mails the logged-in account a signed, expiring verification link (from the durable queue). */
    async sendVerification(authUser: AuthUser): Promise<AccountStatusResponse> {
      const keys = [{ key: `verify:user:${authUser.id}`, limit: LIMITS.verificationsPerUser }];
      await limit.reserve(keys);
      const user = await repository.findUserById(authUser.id);
      if (!user) throw new NotFound();
      if (user.emailVerifiedAt !== null) {
        // Nothing sent: not counted.
        await limit.release(keys);
        return { status: 'already-verified', message: ACCOUNT_MESSAGES.alreadyVerified };
      }
      await queue('verification-mail', { userId: user.id });
      return { status: 'verification-link-sent', message: ACCOUNT_MESSAGES.verificationSent };
    },

    /** The `verification-mail` job: the signed link is made as the message leaves (its hour starts then). */
    async deliverVerification({ userId }: JobPayloads['verification-mail']): Promise<void> {
      const user = await repository.findUserById(userId);
      if (!user || user.emailVerifiedAt !== null) return;
      const path = `${API_BASE}${ACCOUNT_PATHS.verifyEmail(user.id, emailHash(user.email))}`;
      const link = `${publicUrl}${signer.sign(path, new Date(clock.now().getTime() + VERIFICATION_LINK_TTL_MS))}`;
      await mailer.send(verificationMail({ to: { email: user.email, name: user.name }, councilName, link, minutes: VERIFICATION_LINK_TTL_MS / 60_000 }));
    },

    /** Checks the link of the verification e-mail; on success the address is verified. */
    async verifyEmail(input: { id: string; hash: string; expires?: string; signature?: string }): Promise<VerificationOutcome> {
      const expires = Number(input.expires);
      const path = `${API_BASE}${ACCOUNT_PATHS.verifyEmail(input.id, input.hash)}`;
      if (!input.signature || !signer.verify(path, expires, input.signature, clock.now())) return 'error';
      const id = Number(input.id);
      const user = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? await repository.findUserById(id) : undefined;
      if (!user || !sameText(emailHash(user.email), input.hash)) return 'error';
      await repository.markEmailVerified(user.id, clock.now());
      return 'success';
    },

    /** Where the browser lands after the link: the web app's /verified/{status} page. */
    verifiedPageUrl: (outcome: VerificationOutcome) => `${publicUrl}/verified/${outcome}`,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
