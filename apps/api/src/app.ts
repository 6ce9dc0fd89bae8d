import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, SUBSCRIPTION_MESSAGES } from '@concejo/contracts';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createDocuments, type Documents } from './lib/documents/documents.js';
import { AccessLog, createLogger, requestLogger, withoutSecrets } from './lib/logger.js';
import { acceptMultipart } from './lib/multipart.js';
import { createRequestLimit } from './lib/request-limit.js';
import { drainPlugin } from './plugins/drain.js';
import { createUrlSigner } from './lib/signed-urls.js';
import { createUploadSpool } from './lib/upload-spool.js';
import { isTrustedProxy, trustProxyOption } from './lib/trust-proxy.js';
import { watchBodies } from './lib/body-timeout.js';
import { limitConnections } from './lib/connection-limits.js';
import { createConfiguredStorage, type Storage } from './lib/storage.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { closingStep } from './lib/slow-steps.js';
import { createPublicChanges, type PublicChanges } from './lib/public-changes.js';
import { addJob, createJobQueue, type JobQueue } from './queue/queue.js';
import { accountRoutes } from './modules/auth/account-routes.js';
import { createAccountService } from './modules/auth/account-service.js';
import { createUserRepository } from './modules/users/repository.js';
import { userRoutes } from './modules/users/routes.js';
import { createUserService } from './modules/users/service.js';
import { createAuthRepository } from './modules/auth/repository.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { createDayOrderRepository } from './modules/day-orders/repository.js';
import { dayOrderRoutes } from './modules/day-orders/routes.js';
import { createDayOrderService } from './modules/day-orders/service.js';
import { createBannerRepository } from './modules/banners/repository.js';
import { bannerRoutes } from './modules/banners/routes.js';
import { createBannerService } from './modules/banners/service.js';
import { createContactRepository } from './modules/contact/repository.js';
import { contactRoutes } from './modules/contact/routes.js';
import { createContactService } from './modules/contact/service.js';
import { createSubscriptionRepository } from './modules/subscriptions/repository.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { createSubscriptionService, SUBSCRIBE_LIMITS, type SubscriptionService } from './modules/subscriptions/service.js';
import { createNewsRepository } from './modules/news/repository.js';
import { newsRoutes } from './modules/news/routes.js';
import { createNewsService } from './modules/news/service.js';
import { sweepOrphanFiles } from './modules/files/orphan-sweep.js';
import { createFileRepository } from './modules/files/repository.js';
import { FILES_PREFIX } from './lib/file-folders.js';
import { fileRoutes } from './modules/files/routes.js';
import { createRegulationAgendaReads } from './modules/regulations/agenda-repository.js';
import { createRegulationAlertReads } from './modules/regulations/alert-repository.js';
import { createRegulationIndexReads } from './modules/regulations/index-repository.js';
import { createRegulationRepository } from './modules/regulations/repository.js';
import { textQuery } from './modules/regulations/search-repository.js';
import { regulationRoutes } from './modules/regulations/routes.js';
import { createLegalForceService, type LegalForceService } from './modules/regulations/legal-force.js';
import { createRegulationService } from './modules/regulations/service.js';
import { createActionService, createActionStore } from './modules/regulations/actions.js';
import { createTextIndexer } from './modules/regulations/text-indexer.js';
import { createPublishedIndex } from './modules/public-search/index-sync.js';
import { publicSearchRoutes } from './modules/public-search/routes.js';
import { createPublicSearch } from './modules/public-search/service.js';
import { publicMediaRoutes } from './modules/public-media/routes.js';
import { createPublicMediaService } from './modules/public-media/service.js';
import { siteRoutes } from './modules/site/routes.js';
import { sitemapRoutes } from './modules/sitemap/routes.js';
import { createSitemapService } from './modules/sitemap/service.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { healthRoutes } from './plugins/health.js';
import { openapiPlugin } from './plugins/openapi.js';
import { publicCachePlugin } from './plugins/public-cache.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { spaPlugin } from './plugins/spa.js';

export interface AppDependencies {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Uploaded files; local disk under config.uploadsDir by default. */
  storage?: Storage;
  /** The process's pino logger; without it the app logs at config.logLevel. */
  logger?: FastifyBaseLogger;
  /** Outgoing e-mail; by default SMTP_URL's server, or the outbox folder without it. */
  mailer?: Mailer;
  /**
   * What is started with the app rather than at its first use: the uploads worker process and the
   * look for tesseract (`workers`), and the sweep of orphan files, spooled uploads and unconfirmed
   * subscriptions, at start and hourly (`sweep`). Both on unless set to false, as the server always
   * leaves them; the test harness turns them off for the tests that do not use them.
   */
  atStart?: { workers?: boolean; sweep?: boolean };
}

/** JSON bodies are small (logins, forms); file uploads get their own, larger, per-route limits. */
export const JSON_BODY_LIMIT = 100 * 1024;

/** Builds the whole application; the server and the tests build it the same way. */
export async function buildApp({ config, db, clock = systemClock, logger, storage: givenStorage, mailer: givenMailer, atStart = {} }: AppDependencies) {
  const { workers: startWorkers = true, sweep: startSweep = true } = atStart;
  const storage = givenStorage ?? (await createConfiguredStorage(config));
  if (!config.appSecret) throw new Error('config.appSecret is required (APP_SECRET or the generated secret file)');
  const app = Fastify({
    loggerInstance: withoutSecrets(logger ?? createLogger(config.logLevel)),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // One access line per request, and a request's logger made only if it logs.
    logController: new AccessLog(),
    childLoggerFactory: requestLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // Every request body has a time limit, and every client address a number of open connections
  // (a proxy TRUST_PROXY trusts is not counted: nginx bounds each client itself).
  watchBodies(app.server, config.bodies, app.log);
  limitConnections(app.server, { ...config.connections, exempt: isTrustedProxy(config.trustProxy) }, app.log);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks that run on every request are written with `done` rather than async: no promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const auth = createAuthService({
    repository: createAuthRepository(db),
    clock,
    tokenTtlMs: config.tokenTtlMs,
    sessionIdleMs: config.sessionIdleMs,
    log: app.log,
  });
  const signer = createUrlSigner(config.appSecret);
  const mailer = givenMailer ?? createMailer(config.mail, app.log);
  const account = createAccountService({
    repository: createAuthRepository(db),
    clock,
    mailer,
    queue: (name, payload) => addJob(db, name, payload),
    signer,
    publicUrl: config.publicUrl,
    councilName: config.council.name,
    log: app.log,
  });
  const fileUrl = (key: string) => `${API_BASE}${FILES_PREFIX}/${key}`;
  const regulationRepository = createRegulationRepository(db);
  // Uploaded documents are read, and agendas' documents made, in worker processes with memory and
  // time limits, never in this one.
  const documents = createDocuments({ limits: config.documents, log: app.log });
  app.decorate('documents', documents);
  const textIndexer = createTextIndexer({ repository: regulationRepository, storage, documents, log: app.log, retryDelayMs: config.documents.retryDelayMs });
  const dayOrders = createDayOrderService({
    // The agenda builder's sources and items are the registry's rows, read by modules/regulations.
    repository: createDayOrderRepository(db, createRegulationAgendaReads(db)),
    storage,
    documents,
    clock,
    timeZone: config.council.timeZone,
    councilName: config.council.name,
    place: `${config.council.town}, ${config.council.region}`,
    publicUrl: config.publicUrl,
    log: app.log,
    urls: {
      publicFile: fileUrl,
      privateFile: (key, name) => signer.sign(fileUrl(key), new Date(clock.now().getTime() + 15 * 60_000), name),
    },
  });
  // Citizens' e-mail alerts (modules/subscriptions): subscriptions, the daily digest, its e-mails; the
  // agendas a digest tells of are named by modules/day-orders.
  const regulationAlertReads = createRegulationAlertReads(db);
  const subscriptions = createSubscriptionService({
    db,
    repository: createSubscriptionRepository(db, { norms: regulationAlertReads, searchQuery: textQuery }),
    norms: regulationAlertReads,
    limit: createRequestLimit(createAuthRepository(db), clock, SUBSCRIBE_LIMITS.windowMs, SUBSCRIPTION_MESSAGES.tooMany),
    clock,
    mailer,
    secret: config.appSecret,
    publicUrl: config.publicUrl,
    councilName: config.council.name,
    timeZone: config.council.timeZone,
    digestHour: config.alerts.digestHour,
    agendas: (ids) => dayOrders.alertAgendas(ids),
    log: app.log,
  });
  app.decorate('subscriptions', subscriptions);
  // E-mails, PDF text extraction and the alerts' digest: durable jobs in PostgreSQL (queue/queue.ts), run by every instance.
  const jobs = createJobQueue({
    db,
    log: app.log,
    handlers: {
      'password-reset-mail': (payload) => account.deliverPasswordReset(payload),
      'verification-mail': (payload) => account.deliverVerification(payload),
      'extract-text': (payload) => textIndexer.extract(payload),
      'ocr-text': (payload) => textIndexer.extract(payload, { ocr: true }),
      'subscription-confirm-mail': (payload) => subscriptions.deliverConfirmation(payload),
      'alerts-digest': async () => void (await subscriptions.runDigest()),
      'alert-mail': (payload) => subscriptions.deliverDigest(payload),
      'legal-force-day': async () => void (await legalForce.runDay()),
    },
  });
  app.decorate('jobs', jobs);
  // Changes to public content from every instance (lib/public-changes.ts): caches of public answers
  // are emptied by them. Its LISTEN connection is opened once the app is ready and closed with it.
  const publicChanges = createPublicChanges({ connection: db.$client.options, log: app.log });
  app.decorate('publicChanges', publicChanges);
  app.addHook('onReady', async () => publicChanges.start());
  app.addHook('onClose', async () => closingStep(app.log, 'the change feed to close', () => publicChanges.close()));
  if (startWorkers) {
    app.addHook('onReady', async () => void documents.warm());
    // Whether scans can be read here (tesseract) is looked for now and said once in the log.
    app.addHook('onReady', async () => void documents.ocrAvailable());
  }
  // PDFs being uploaded are written to DATA_DIR/tmp/uploads, never held whole in memory; each
  // request's go when its handler ends (acceptMultipart below), a crashed process's at the next start.
  const uploadSpool = createUploadSpool({ folder: config.uploadSpoolDir, log: app.log });
  const logSpoolSweep = (removed: number) => {
    if (removed > 0) app.log.warn({ removed, folder: uploadSpool.folder }, 'removed uploads a stopped process left in the spool folder');
  };
  app.addHook('onReady', async () => logSpoolSweep(await uploadSpool.prepare()));
  // Files a crash left behind (half written, or used by no record) go at start and every hour after.
  // Unconfirmed subscriptions go with them, 48 hours after they were asked for.
  const sweep = () =>
    Promise.all([
      sweepOrphanFiles({ storage, repository: createFileRepository(db), log: app.log }).catch((error) => app.log.error({ err: error }, 'file sweep failed')),
      uploadSpool.sweep().then(logSpoolSweep, (error) => app.log.error({ err: error }, 'upload spool sweep failed')),
      subscriptions.sweepUnconfirmed().catch((error) => app.log.error({ err: error }, 'subscription sweep failed')),
    ]);
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (!startSweep) return;
    void sweep();
    sweeper = setInterval(() => void sweep(), 60 * 60_000).unref();
  });
  app.addHook('onClose', async () => clearInterval(sweeper));
  // Jobs start once the app is ready (with any pending text a restore or an older version left
  // without a job); closing lets the current jobs finish, a document still being read after a grace
  // period (10 s) is dropped (its job runs again later, the attempt not counted against the document).
  app.addHook('onReady', async () => {
    const queued = await regulationRepository.queueOrphanedTextExtractions();
    if (queued > 0) app.log.info({ regulations: queued }, 'pending text extractions queued');
    // The next alerts' digest is always queued (by its key, once for every instance).
    await subscriptions.scheduleDigest();
    // Today's legal force is brought up to date at start, and the next midnight's run queued.
    await legalForce.runDay();
    await jobs.start();
  });
  app.addHook('onClose', async () => {
    const cut = setTimeout(() => void documents.close(), config.documents.shutdownGraceMs);
    await closingStep(app.log, 'the job queue to stop (jobs running finish first)', () => jobs.stop());
    clearTimeout(cut);
    await closingStep(app.log, 'the document workers to close', () => documents.close());
    if (!givenMailer) mailer.close();
  });
  // The public search's in-memory index, built in the background at start (up to 2 s are waited for,
  // so that a small registry is searched through it from the first request); the database answers
  // until it is ready.
  const publishedIndex = createPublishedIndex({ db, norms: createRegulationIndexReads(db), log: app.log });
  app.addHook('onReady', async () => {
    await Promise.race([publishedIndex.start(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  });
  app.addHook('onClose', async () => publishedIndex.close());
  const regulationActions = createActionStore(db);
  const regulationPrivatePdf = (key: string) => signer.sign(fileUrl(key), new Date(clock.now().getTime() + 15 * 60_000));
  const regulations = createRegulationService({
    repository: regulationRepository,
    actions: regulationActions,
    documents,
    storage,
    clock,
    timeZone: config.council.timeZone,
    log: app.log,
    urls: {
      publicPdf: fileUrl,
      // Process PDFs are staff-only: a link valid for 15 minutes.
      privatePdf: regulationPrivatePdf,
    },
  });
  const regulationSteps = createActionService({ repository: regulationRepository, actions: regulationActions, clock, pdfUrl: regulationPrivatePdf, storage, documents });
  const legalForce = createLegalForceService({ db, repository: regulationRepository, clock, timeZone: config.council.timeZone, log: app.log });
  app.decorate('legalForce', legalForce);
  // What citizens read of the registry (modules/public-search): its rows through the registry's
  // repository, its in-memory index kept equal to the database.
  const publicSearch = createPublicSearch({
    norms: regulationRepository,
    changes: publicChanges,
    index: publishedIndex,
    clock,
    urls: { publicPdf: fileUrl },
    timeZone: config.council.timeZone,
    site: { publicUrl: config.publicUrl, councilName: config.council.name, region: `${config.council.town}, ${config.council.region}` },
  });

  await app.register(errorsPlugin);
  await app.register(drainPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(authPlugin, { auth });
  await app.register(openapiPlugin);
  await app.register(publicCachePlugin);
  // Each multipart route reads its own form with its own fields and limits (lib/multipart.ts).
  acceptMultipart(app, uploadSpool);

  const content = { storage, clock, fileUrl, log: app.log };
  const timeZone = config.council.timeZone;
  const news = createNewsService({ repository: createNewsRepository(db), timeZone, documents, ...content });

  await app.register(healthRoutes, { db });
  // At the root, beside the SPA: registered routes always win over its not-found fallback.
  await app.register(sitemapRoutes, { sitemap: createSitemapService({ publicUrl: config.publicUrl, news, regulations: publicSearch, changes: publicChanges, clock, log: app.log }) });
  await app.register(
    async (api) => {
      // API answers are personal or change often; public GETs that may be cached say so themselves.
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      await api.register(authRoutes, { auth });
      await api.register(accountRoutes, { account });
      await api.register(userRoutes, { users: createUserService({ repository: createUserRepository(db), clock, log: app.log }) });
      await api.register(siteRoutes, { config });
      await api.register(publicMediaRoutes, { media: createPublicMediaService({ settings: config.media, clock, log: app.log }) });
      await api.register(regulationRoutes, { regulations, actions: regulationSteps, legalForce });
      await api.register(publicSearchRoutes, { search: publicSearch });
      await api.register(dayOrderRoutes, { dayOrders });
      await api.register(bannerRoutes, { banners: createBannerService({ repository: createBannerRepository(db), timeZone, ...content }) });
      await api.register(newsRoutes, { news });
      await api.register(subscriptionRoutes, { subscriptions, publicUrl: config.publicUrl });
      await api.register(contactRoutes, { contact: createContactService({ repository: createContactRepository(db), ...content }) });
      // An approved PDF is public exactly while its norm is (the regulations' rule, asked per download).
      await api.register(fileRoutes, { storage, signer, clock, isPublicFile: {
          'regulations-approved': (key) => regulationRepository.isPublicPdf(key),
          'regulation-steps': (key) => regulationRepository.isPublicStepPdf(key),
          'regulations-process': (key) => regulationRepository.isPublicProcessPdf(key),
        },
      });
    },
    { prefix: API_BASE },
  );
  await app.register(spaPlugin, { root: config.webDistDir, publicUrl: config.publicUrl });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (e-mails, PDF text); tests await `idle()`. */
    jobs: JobQueue;
    /** The legal-force facts the staff set, and the nightly recomputation (`runDay`). */
    legalForce: LegalForceService;
    /** The document worker processes (uploaded PDFs are opened and read there). */
    documents: Documents;
    /** Changes to public content made through any instance: `onChange`, and `caughtUp()` before a cached answer. */
    publicChanges: PublicChanges;
    /** Citizens' e-mail alerts; tests run its hourly sweep. */
    subscriptions: SubscriptionService;
  }
}
