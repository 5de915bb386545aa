import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import { createMailer, type Mailer } from './email/mailer';
import type { Env } from './env';
import { eventHandlers } from './events';
import { dailyJobs, periodicTasks } from './jobs';
import { createScheduler } from './jobs/scheduler';
import { loadOffersFile } from './modules/benchmarks';
import { defineInboundQueue } from './modules/invoice-forwarding/inbound.job';
import { defineSpendCellsQueue } from './modules/analytics/cells.job';
import { defineConnectorQueue } from './modules/connectors/connectors.job';
import { listOrganizationIds } from './modules/organizations';
import { systemClock, type Clock } from './lib/clock';
import { EventBus } from './lib/events/event-bus';
import { loggerOptions, registerRequestLog, throttledErrorLog } from './lib/logger';
import { JobQueue, type QueueOptions } from './lib/queue/job-queue';
import { parseJsonBody } from './lib/json-body';
import { storableDeep } from './lib/storable-text';
import { databaseRateLimitStore } from './lib/rate-limit/store';
import { registerRequestActor } from './lib/request-actor';
import { createStorage, type FileStorage } from './lib/storage';
import { createSecretBox } from './lib/crypto/secret-box';
import { healthRoutes } from './modules/health/health.routes';
import { routeScope } from './modules/api-keys';
import { scimProtocolRoutes } from './modules/scim/scim-protocol.routes';
import { guardKind, registerAuth } from './plugins/auth';
import { registerCsrfGuard } from './plugins/csrf';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSpa } from './plugins/spa';
import './providers';
import { apiRoutes } from './routes';
import type { App, ServiceDeps } from './types';

export interface AppDeps {
  env: Env;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** Where uploaded files go; by default the driver STORAGE_DRIVER names. */
  storage?: FileStorage;
  /** Fastify logger options over the defaults (e.g. a stream to capture); tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Where the built web bundle lives (tests point it elsewhere or nowhere). */
  webDist?: string;
  /** Job queue polling and maintenance intervals (tests shorten them). */
  queueOptions?: QueueOptions;
}

const BODY_LIMIT = 1024 * 1024; // 1 MiB for JSON; uploads have their own limit.

/**
 * Each guarded operation of the OpenAPI document says how it may be called: with a session, and
 * (organization data) with an API key holding the scope it names.
 */
function declareSecurity(route: RouteOptions): void {
  const schema = route.schema;
  const kind = guardKind(route.preHandler);
  if (!schema || schema.hide || !kind || schema.security) return;
  if (kind === 'session') {
    schema.security = [{ session: [] }];
    return;
  }
  const method = [route.method].flat()[0];
  const scope = routeScope(method, schema.tags);
  schema.security = [{ session: [] }, { apiKey: [scope] }];
  const note = `API key scope: \`${scope}\`.`;
  schema.description = schema.description ? `${schema.description}\n\n${note}` : note;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "the socket and the next hops-1 entries from
 * the right of X-Forwarded-For" (Fastify itself trusts nothing for a bare number); the client is the
 * first address past them, so a forged left-most entry is never taken for it.
 */
function trustProxyOption(setting: Env['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    // Options given by a caller (a test capturing the log in a stream) go over the defaults.
    logger:
      deps.logger === false
        ? false
        : typeof deps.logger === 'object'
          ? { ...loggerOptions(deps.env), transport: undefined, ...deps.logger }
          : loggerOptions(deps.env),
    // One line per request comes from registerRequestLog, not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string'
        ? req.headers['x-request-id'].slice(0, 64)
        : randomUUID(),
    requestIdHeader: false,
    trustProxy: trustProxyOption(deps.env.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // An empty JSON body (e.g. a POST without payload) is treated as no body, not an error.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);

  const clock = deps.clock ?? systemClock;
  const storage = deps.storage ?? (await createStorage(deps.env, deps.database.db));
  const mailer =
    deps.mailer ??
    createMailer({
      db: deps.database.db,
      smtpUrl: deps.env.SMTP_URL,
      from: deps.env.MAIL_FROM,
      logger: app.log,
      clock,
      storage,
    });
  const queue = new JobQueue(deps.database, app.log, deps.queueOptions);
  const services = {
    db: deps.database.db,
    database: deps.database,
    env: deps.env,
    secrets: createSecretBox(deps.env.secretKeys),
    mailer,
    clock,
    storage,
    log: app.log,
    queue,
    // Fails every second while the database is down: one line per failure class and half-minute.
    events: new EventBus(deps.database.db, queue, throttledErrorLog(app.log, 'Event relay failed')),
  } as ServiceDeps;
  services.scheduler = createScheduler(services, queue, {
    jobs: dailyJobs,
    organizationIds: listOrganizationIds,
    tasks: periodicTasks,
    spreadMinutes: deps.env.DAILY_JOBS_SPREAD_MINUTES,
  });
  for (const handler of eventHandlers) services.events.subscribe(handler);
  // Forwarded invoices: stored on receipt, then processed by this queue (issue 18).
  defineInboundQueue(services);
  // Analytics' read model, caught up per organization after writes (issue 34).
  defineSpendCellsQueue(services);
  // Connector syncs (issue 35): one job per connection and trigger.
  defineConnectorQueue(services);
  // The operator's group offers from a file replace the previous file's at each start.
  if (deps.env.GROUP_OFFERS_FILE) await loadOffersFile(services, deps.env.GROUP_OFFERS_FILE);

  registerErrorHandler(app);
  registerRequestLog(app);
  registerRequestActor(app);
  registerAuth(app, services);
  registerCsrfGuard(app, deps.env.appOrigin);
  // Callback hooks where nothing is awaited: no promise (and no async-context bookkeeping) per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // Query strings and path parameters (`%00`): storable like JSON bodies (server/lib/json-body.ts).
  // The parsers' objects have a prototype of their own: spread into plain objects first (a spread
  // copies `__proto__` as an ordinary key).
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.query && typeof request.query === 'object')
      request.query = storableDeep({ ...request.query });
    if (request.params && typeof request.params === 'object')
      request.params = storableDeep({ ...request.params });
    done();
  });
  // A write's events are in the outbox once its response goes out (its transaction committed).
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && services.queue.started)
      services.events.nudge();
    done();
  });

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, deps.env);
  // Counters live in the database, so limits hold across every server on it.
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(deps.database.db) });
  await app.register(fastifyMultipart, { limits: { fileSize: 20 * 1024 * 1024, files: 5 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Stackwise API',
        version: '1.0.0',
        description: 'Software spend management: applications, licenses, renewals, expenses and budgets.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sw_session' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key from Settings → API (`sw_live_…`), sent as `Authorization: Bearer <key>`. ' +
              'Each operation names the scope it needs; `write` includes `read`, `<area>:write` includes `<area>:read`.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // "Authorize" with a key once and every "Try it out" sends it, across reloads of the page.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // As the app's own policy: over plain HTTP (development) upgrading would break "Try it out".
    transformStaticCSP: (header) =>
      deps.env.secureCookies ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
    uiConfig: { persistAuthorization: true },
  });
  app.addHook('onRoute', declareSecurity);
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      for (const routes of apiRoutes) await api.register(routes);
    },
    { prefix: '/api' },
  );
  // SCIM 2.0 for identity providers: its own prefix, auth, errors and content type (before the SPA fallback).
  await app.register(scimProtocolRoutes, { prefix: '/scim/v2' });
  await registerSpa(app, deps.webDist);
  app.addHook('onClose', async () => {
    await services.scheduler.stop();
    await services.events.stop();
    await services.queue.stop();
    mailer.close();
  });
  return app as unknown as App;
}
