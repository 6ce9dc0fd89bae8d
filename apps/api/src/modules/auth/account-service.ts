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
import { HttpError, NotFound, ValidationFailed } from '../../lib/errors.js';
import type { Mailer, MailQueue } from '../../lib/mail.js';
import { passwordResetMail, verificationMail } from '../../lib/mail-templates.js';
import { hashPassword } from '../../lib/passwords.js';
import type { UrlSigner } from '../../lib/signed-urls.js';
import { digestToken, newToken } from '../../lib/tokens.js';
import type { AuthUser } from '../../plugins/auth.js';
import { audit } from '../../lib/audit.js';
import { createLoginThrottle } from './login-throttle.js';
import type { AuthRepository } from './repository.js';
import { createRequestLimit, type LimitedKey } from './request-limit.js';

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
  mailQueue: MailQueue;
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
export function createAccountService({ repository, clock, mailer, mailQueue, signer, publicUrl, councilName, log }: Deps) {
  const limit = createRequestLimit(repository, clock, REQUEST_WINDOW_MS);
  const loginThrottle = createLoginThrottle(repository, clock);
  const forgotKeys = (email: string, ip: string): LimitedKey[] => [
    { key: `forgot:email:${email.toLowerCase()}`, limit: LIMITS.forgotPerEmail },
    { key: `forgot:ip:${ip}`, limit: LIMITS.forgotPerIp },
  ];
  const resetKeys = (email: string, ip: string): LimitedKey[] => [
    { key: `reset:email:${email.toLowerCase()}`, limit: LIMITS.resetFailuresPerEmail },
    { key: `reset:ip:${ip}`, limit: LIMITS.resetFailuresPerIp },
  ];
  const invalidLink = () => ValidationFailed.field('token', ACCOUNT_MESSAGES.resetInvalidLink);

  return {
    /**
     * E-mails a reset link when the address has an account. The answer is the same either way, and
     * the message leaves in the background so that neither timing nor a mail failure tells them apart.
     */
    async forgotPassword(input: ForgotPasswordRequest & { ip: string }): Promise<AccountStatusResponse> {
      const keys = forgotKeys(input.email, input.ip);
      await limit.assertAllowed(keys);
      await limit.record(keys);
      const user = await repository.findUserByEmail(input.email);
      audit(log, 'password_reset_requested', { userId: user?.id ?? null, address: input.ip });
      if (user) {
        const token = newToken();
        const now = clock.now();
        await repository.saveResetToken(user.id, digestToken(token), now, new Date(now.getTime() + RESET_TOKEN_TTL_MS));
        const link = `${publicUrl}/password-reset/${token}?${new URLSearchParams({ email: user.email })}`;
        mailQueue.enqueue(
          passwordResetMail({ to: { email: user.email, name: user.name }, councilName, link, minutes: RESET_TOKEN_TTL_MS / 60_000 }),
        );
      }
      return { status: 'reset-link-sent', message: ACCOUNT_MESSAGES.forgotSent };
    },

    /** Sets a new password with a live token of that e-mail; every session of the account ends. */
    async resetPassword(input: ResetPasswordRequest & { ip: string }): Promise<AccountStatusResponse> {
      if (isCommonPassword(input.password)) throw ValidationFailed.field('password', ACCOUNT_MESSAGES.passwordTooCommon);
      const keys = resetKeys(input.email, input.ip);
      await limit.assertAllowed(keys);
      const now = clock.now();
      const user = await repository.findUserByEmail(input.email);
      const stored = user ? await repository.findResetToken(user.id) : undefined;
      const tokenHash = digestToken(input.token);
      const live = stored !== undefined && stored.expiresAt > now && sameText(stored.tokenHash, tokenHash);
      // The hash (slow on purpose) is computed only for a token that can be spent.
      if (!user || !live || !(await repository.completeReset(user.id, tokenHash, await hashPassword(input.password), now))) {
        await limit.record(keys);
        throw invalidLink();
      }
      await limit.clear(keys[0]!.key);
      // Whoever reset the password owns the mailbox: failed logins counted against it no longer apply.
      await loginThrottle.clearAccount(user.email);
      audit(log, 'password_reset', { userId: user.id, address: input.ip });
      return { status: 'password-reset', message: ACCOUNT_MESSAGES.resetDone };
    },

    /** E-mails the logged-in account a signed, expiring verification link. 503 when the mail fails. */
    async sendVerification(authUser: AuthUser): Promise<AccountStatusResponse> {
      const keys = [{ key: `verify:user:${authUser.id}`, limit: LIMITS.verificationsPerUser }];
      await limit.assertAllowed(keys);
      const user = await repository.findUserById(authUser.id);
      if (!user) throw new NotFound();
      if (user.emailVerifiedAt !== null) return { status: 'already-verified', message: ACCOUNT_MESSAGES.alreadyVerified };
      await limit.record(keys);
      const path = `${API_BASE}${ACCOUNT_PATHS.verifyEmail(user.id, emailHash(user.email))}`;
      const link = `${publicUrl}${signer.sign(path, new Date(clock.now().getTime() + VERIFICATION_LINK_TTL_MS))}`;
      try {
        await mailer.send(
          verificationMail({ to: { email: user.email, name: user.name }, councilName, link, minutes: VERIFICATION_LINK_TTL_MS / 60_000 }),
        );
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'verification mail could not be sent');
        throw new HttpError(503, ACCOUNT_MESSAGES.mailFailed);
      }
      return { status: 'verification-link-sent', message: ACCOUNT_MESSAGES.verificationSent };
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
