import { z } from './zod.js';
import { emailSchemaWith } from './auth.js';
import { SUBSCRIPTION_EMAIL_MESSAGES } from './auth-rules.js';
import { LEGAL_FORCE_LABELS, LEGAL_FORCES, PUBLIC_REGULATION_TYPES, PUBLIC_SEARCH_LIMITS, PUBLIC_SEARCH_MESSAGES, REGULATION_TYPE_LABELS } from './regulation-constants.js';
import { searchTextSchema } from './text.js';

/**
 * E-mail alerts for citizens (DESIGN.md section 5): follow a search of /normativas, one norm, or the
 * session agendas. Without an account; double opt-in; every alert can be dropped with one click.
 */
export const SUBSCRIPTION_KINDS = ['search', 'regulation', 'day-orders'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

export const SUBSCRIPTION_KIND_LABELS: Record<SubscriptionKind, string> = {
  search: 'Búsquedas de normativas',
  regulation: 'Cambios de una norma',
  'day-orders': 'Órdenes del día',
};

/** The public pages a subscription's links lead to (DESIGN.md section 5). */
export const SUBSCRIPTION_PAGES = {
  confirmed: '/suscripcion/confirmada',
  /** A confirmation link that does not work (replaced by a newer one, expired, forged). */
  error: '/suscripcion/error',
  /** With `?token=`: asks before dropping; without it, an unsubscribe link not valid or already used. */
  unsubscribe: '/suscripcion/baja',
} as const;

/**
 * Whether an unsubscribe link drops every subscription of its address (the link at the foot of each
 * digest) or only one: its token is `a<address digest>.<mac>` or `s<subscription id>.<mac>`.
 */
export const unsubscribesAll = (token: string): boolean => token.startsWith('a');

/** Hours an unconfirmed subscription (and its confirmation link) lives. */
export const SUBSCRIPTION_CONFIRM_HOURS = 48;

/** What the API and the public pages say of the alerts; like every text a citizen reads, as usted (reader-voice.ts). */
export const SUBSCRIPTION_MESSAGES = {
  // The same answer whether the address is new, known, confirmed or not: it reveals nothing.
  accepted: 'Si la dirección es correcta, recibirá un correo para confirmar la suscripción. No le enviaremos avisos hasta que la confirme.',
  tooMany: (minutes: number) => `Demasiadas solicitudes de suscripción. Inténtelo de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  regulationMissing: 'La normativa no existe o no es pública.',
  regulationInvalid: 'Indique la normativa a seguir.',
  kindInvalid: 'Elija qué quiere seguir: una búsqueda, una norma o las órdenes del día.',
  unsubscribed: 'Listo: no recibirá más estos avisos.',
  unsubscribedAll: 'Listo: dimos de baja todas las suscripciones de esta dirección.',
  // A forged link and one already used get the same words: both true, and what the reader needs to know.
  unsubscribeInvalid: 'Este enlace para darse de baja no es válido o ya se usó. Si ya se dio de baja, no recibirá más esos avisos.',
  privacy:
    'Usamos su dirección solo para enviarle estos avisos: no la compartimos ni la publicamos, y puede darse de baja con un clic desde cada correo. Ley 25.326 de Protección de los Datos Personales: puede pedir al Concejo el acceso, la rectificación o la supresión de sus datos.',
} as const;

const subscriptionFiltersSchema = z
  .object({
    search: searchTextSchema(z.string().trim().max(PUBLIC_SEARCH_LIMITS.search, { error: PUBLIC_SEARCH_MESSAGES.searchTooLong }).optional()),
    type: z.preprocess((value) => (value === '' ? undefined : value), z.enum(PUBLIC_REGULATION_TYPES, { error: PUBLIC_SEARCH_MESSAGES.typeInvalid }).optional()),
    legal_force: z.preprocess((value) => (value === '' ? undefined : value), z.enum(LEGAL_FORCES, { error: PUBLIC_SEARCH_MESSAGES.legalForceInvalid }).optional()),
  })
  .strict();
export type SubscriptionFilters = z.infer<typeof subscriptionFiltersSchema>;

/**
 * A followed search in words, as the form and the e-mails say it: "las nuevas normativas que coincidan
 * con «camiones» (Ordenanza, vigente)".
 */
export function followedSearchText(filters: SubscriptionFilters): string {
  const named = [filters.type ? REGULATION_TYPE_LABELS[filters.type] : undefined, filters.legal_force ? LEGAL_FORCE_LABELS[filters.legal_force].toLowerCase() : undefined].filter(Boolean);
  const search = filters.search ? ` que coincidan con «${filters.search}»` : '';
  return `las nuevas normativas${search}${named.length ? ` (${named.join(', ')})` : ''}`;
}

const subscriberEmailSchema = emailSchemaWith(SUBSCRIPTION_EMAIL_MESSAGES);

export const subscribeRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ email: subscriberEmailSchema, kind: z.literal('search'), filters: subscriptionFiltersSchema.default({}) }),
    z.object({
      email: subscriberEmailSchema,
      kind: z.literal('regulation'),
      regulation_id: z.number({ error: SUBSCRIPTION_MESSAGES.regulationInvalid }).int({ error: SUBSCRIPTION_MESSAGES.regulationInvalid }).min(1, { error: SUBSCRIPTION_MESSAGES.regulationInvalid }).max(2_147_483_647, { error: SUBSCRIPTION_MESSAGES.regulationInvalid }),
    }),
    z.object({ email: subscriberEmailSchema, kind: z.literal('day-orders') }),
  ],
  { error: SUBSCRIPTION_MESSAGES.kindInvalid },
);
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export const subscribeResponseSchema = z.object({ message: z.string() });

export const unsubscribeResponseSchema = z.object({ message: z.string() });

/** What staff see of the subscriptions: counts only, never an address. */
export const subscriptionCountsSchema = z.object({
  confirmed: z.object({ search: z.number(), regulation: z.number(), 'day-orders': z.number() }),
  /** Waiting for their confirmation (deleted after SUBSCRIPTION_CONFIRM_HOURS). */
  unconfirmed: z.number(),
});
export type SubscriptionCounts = z.infer<typeof subscriptionCountsSchema>;
