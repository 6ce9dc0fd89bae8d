import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VIDEO_EMBED_ORIGIN } from '@concejo/contracts';

/**
 * Security headers on every answer. The CSP allows no inline script at all: the SPA is built into
 * files, and whatever an attacker manages to store in a page cannot run.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Pictures may come from anywhere on the web: a news text may show an image by its http(s)
        // address (spec 2.5), and the weather service's icons live on its CDN. An image cannot run code.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'"],
        // Session videos: only YouTube's no-cookie embeds.
        frameSrc: [VIDEO_EMBED_ORIGIN],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only makes sense behind HTTPS; the proxy in front of a deployment sets it.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  });
});
