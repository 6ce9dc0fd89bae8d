import type { FastifyBaseLogger } from 'fastify';

/**
 * What the security log records, one line each with a stable `event` field an operator can search
 * and alert on. The names are a contract: add new ones, never rename these.
 */
export type AuditEvent =
  | 'login_succeeded'
  | 'login_failed'
  | 'login_locked'
  | 'password_reset_requested'
  | 'password_reset'
  | 'role_changed'
  | 'user_created'
  | 'old_regulation_deleted'
  | 'day_order_deleted'
  | 'banner_deleted'
  | 'news_deleted';

export interface AuditFields {
  /**
   * Who acted: the account that logged in, tried to or reset its password (null for an e-mail with
   * no account), the admin who changed a role or created a user, the person who deleted.
   */
  userId: number | null;
  /** The client's address, as the server sees it through TRUST_PROXY. */
  address: string;
  /** The account acted upon (role_changed, user_created) or the deleted item. */
  targetUserId?: number;
  itemId?: number;
  [detail: string]: unknown;
}

/** Writes one audit line at info level. Never pass secrets: tokens, links and passwords stay out. */
export function audit(log: FastifyBaseLogger, event: AuditEvent, fields: AuditFields): void {
  log.info({ event, ...fields }, event);
}
