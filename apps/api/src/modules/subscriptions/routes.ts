import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, subscribeRequestSchema, SUBSCRIPTION_PATHS, subscribeResponseSchema, subscriptionCountsSchema, unsubscribeResponseSchema } from '@concejo/contracts';
import { NotFound } from '../../lib/errors.js';
import type { SubscriptionService } from './service.js';

const tags = ['subscriptions'];
// A link's token is checked by the service: whatever arrives gets a redirect or a message, never a
// validation error (Fastify's maxParamLength, 100, answers 414 to a longer one first).
const tokenParams = z.object({ token: z.string() });

export const subscriptionRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionService; publicUrl: string }> = async (app, { subscriptions, publicUrl }) => {
  // A mail reader's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form:
  // read (up to 1 KB) and ignored; the token in the address is what counts.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));

  /**
   * Subscribes an address to new norms like a search, to one norm's changes, or to the agendas, and
   * sends the confirmation e-mail. 202 with the same answer whatever the address; 422 malformed input
   * or a norm that is not public; 429 too many requests for the address or from the client (Retry-After).
   */
  app.post(
    SUBSCRIPTION_PATHS.subscriptions,
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'subscribe',
        summary: 'Subscribe an address to e-mail alerts (double opt-in)',
        body: subscribeRequestSchema,
        response: { 202: subscribeResponseSchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => reply.code(202).send(await subscriptions.subscribe(request.body, request.ip)),
  );

  /**
   * The confirmation e-mail's link: 302 to /suscripcion/confirmada (again for a subscription it already
   * confirmed), or /suscripcion/error for a link unknown, replaced by a newer one or expired.
   */
  app.get(
    SUBSCRIPTION_PATHS.confirmRoute,
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'confirmSubscription',
        summary: "Open the confirmation e-mail's link (redirects)",
        params: tokenParams,
        response: { 302: z.null().describe('To /suscripcion/confirmada, or /suscripcion/error.') },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').redirect(`${publicUrl}${await subscriptions.confirm(request.params.token)}`, 302),
  );

  /**
   * An alert's unsubscribe link, opened: 302 to the page /suscripcion/baja, which asks before anything
   * is dropped; without the token when the link is not genuine or what it names is gone (the page then
   * says the link is not valid or was already used).
   */
  app.get(
    SUBSCRIPTION_PATHS.unsubscribeRoute,
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'showUnsubscribe',
        summary: "Open an alert's unsubscribe link (redirects to the page that confirms it)",
        params: tokenParams,
        response: { 302: z.null().describe('To /suscripcion/baja?token=..., or to /suscripcion/baja alone for a link that is not genuine or already used.') },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').redirect(`${publicUrl}${await subscriptions.unsubscribePage(request.params.token)}`, 302),
  );

  /**
   * Unsubscribes at once: one subscription, or every subscription of the address (the link says
   * which). The page's button and a mail reader's one-click (List-Unsubscribe-Post) both post here.
   * 200; 404 for a link that is not genuine or whose subscriptions are gone (already used: its message
   * says so, and that no more of those alerts will come).
   */
  app.post(
    SUBSCRIPTION_PATHS.unsubscribeRoute,
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'unsubscribe',
        summary: 'Unsubscribe with one click (RFC 8058)',
        params: tokenParams,
        response: { 200: unsubscribeResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { done, message } = await subscriptions.unsubscribe(request.params.token);
      if (!done) throw new NotFound(message);
      return { message };
    },
  );

  /** How many confirmed subscriptions there are, by kind, and how many wait for their confirmation; never an address. Admin only. */
  app.get(
    SUBSCRIPTION_PATHS.counts,
    {
      // The admin panel's ability (DESIGN.md section 7 has no row of its own for these counts).
      config: { access: 'users.manage' },
      schema: {
        tags,
        operationId: 'subscriptionCounts',
        summary: 'Subscription counts for the admin panel',
        response: { 200: subscriptionCountsSchema },
      },
    },
    async () => subscriptions.counts(),
  );
};
