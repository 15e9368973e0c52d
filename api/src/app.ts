import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { agencyRoutes } from './agencies/routes.ts';
import { agencySitrepRoutes } from './agency-sitrep/routes.ts';
import { type Config, loadConfig } from './config.ts';
import { createDb, type Db } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { dutyOfficerRoutes } from './duty-officers/routes.ts';
import { exportRoutes } from './exports/routes.ts';
import { feedRoutes } from './feeds/routes.ts';
import { dashboardRoutes } from './fires/dashboard/routes.ts';
import { fireImportRoutes } from './fires/import/routes.ts';
import { wildfireRoutes } from './fires/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { historicalRoutes } from './historical/routes.ts';
import { ResponseCache } from './http/cache.ts';
import { FastPath } from './http/fast-path.ts';
import { dataToken } from './http/query.ts';
import { centreToday } from './http/time.ts';
import { inventoryRoutes } from './inventory/routes.ts';
import { registerMetrics } from './metrics/metrics.ts';
import { atomFeedRoutes } from './national-sitrep/atom-routes.ts';
import { nationalSitrepRoutes } from './national-sitrep/routes.ts';
import { nearMeRoutes } from './near-me/routes.ts';
import { ogcRoutes } from './ogc/routes.ts';
import { ogcTileRoutes } from './ogc/tiles/routes.ts';
import { warmTilesAfterWrites } from './ogc/tiles/warm.ts';
import { perimeterRoutes } from './perimeters/routes.ts';
import { placeRoutes } from './places/routes.ts';
import { registerErrors } from './plugins/errors.ts';
import { type IdentityResolver, registerIdentity } from './plugins/identity.ts';
import { registerKnownParams } from './plugins/known-params.ts';
import { registerOpenDataCors } from './plugins/open-data-cors.ts';
import { registerOpenapi } from './plugins/openapi.ts';
import { OneLineRequestLog } from './plugins/request-log.ts';
import { resourceRoutes } from './resources/routes.ts';
import { sitePageRoutes } from './site-pages/routes.ts';
import { userRoutes } from './users/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    responseCache: ResponseCache;
    /** Undefined on in-memory SQLite (no prepared read of the data token). */
    fastPath: FastPath | undefined;
    identityResolver: IdentityResolver;
  }
}

/** A request id sent by the proxy when it looks like one (nginx's `$request_id`), else a new one. */
function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && /^[\w.-]{1,64}$/.test(sent) ? sent : randomUUID();
}

export interface BuildOptions {
  /** Defaults to `loadConfig()` from the environment. */
  config?: Config;
  /** An open database to use instead of one made from the config (it is closed with the app). */
  db?: Db;
  /** Run the migrations before answering (the server does; tests do). */
  migrate?: boolean;
  /** Where log lines go; standard output, one write per line, by default (tests). */
  logStream?: DestinationStream;
}

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  // 1. config
  const config = options.config ?? loadConfig();
  // Repeated anonymous public GETs are answered in front of the router (http/fast-path.ts); the
  // server is Fastify's own (same timeouts), with that path before Fastify's handler.
  let fastPath: FastPath | undefined;
  const app = Fastify({
    serverFactory: (handler, serverOptions) => {
      const server = createServer((request, response) =>
        fastPath ? fastPath.serve(request, response, handler) : handler(request, response),
      );
      // Fastify's defaults (it applies them itself only to a server it makes).
      server.keepAliveTimeout = Number(serverOptions.keepAliveTimeout ?? 72_000);
      server.requestTimeout = Number(serverOptions.requestTimeout ?? 0);
      server.setTimeout(Number(serverOptions.connectionTimeout ?? 0));
      return server;
    },
    // The instance in every log line: several instances write to one journal.
    logger: {
      level: config.logLevel,
      base: { instance: config.instanceId },
      ...(options.logStream && { stream: options.logStream }),
    },
    bodyLimit: config.bodyLimit,
    // Long lists of fire ids must not be cut by the default 100 characters of a parameter.
    routerOptions: { maxParamLength: 200 },
    // nginx's X-Request-Id, so one id runs from nginx's log through ours and the error bodies.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // On close: idle keep-alive sockets (nginx keeps some) are closed at once, requests in flight
    // finish, and a request arriving meanwhile gets 503 (nginx retries a GET elsewhere).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    logController: new OneLineRequestLog({ disableRequestLogging: !config.logRequests }),
  });
  // Hooks that run on every request are callback hooks: an async one costs a promise and a
  // microtask per request on the cached public reads (docs/performance.md).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // A public answer may stay 15 min in a browser (its Cache-Control), but nginx's shared microcache
  // keeps it only `proxyCacheSeconds`, so an import is seen through every instance at once. nginx
  // reads X-Accel-Expires before Cache-Control and never passes it on to the client.
  const accelExpires = String(config.proxyCacheSeconds);
  app.addHook('onSend', (_request, reply, payload, done) => {
    const cacheControl = reply.getHeader('cache-control');
    if (typeof cacheControl === 'string' && cacheControl.startsWith('public'))
      reply.header('x-accel-expires', accelExpires);
    done(null, payload);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // 2. db
  const db =
    options.db ??
    createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: config.poolSize });
  app.decorate('db', db);
  const responseCache = new ResponseCache();
  app.decorate('responseCache', responseCache);
  const readToken = dataToken(db, () => centreToday(config.now()));
  if (readToken) {
    const fast = new FastPath({
      cache: responseCache,
      log: app.log,
      logRequests: config.logRequests,
      requestId: requestIdOf,
      readToken,
    });
    responseCache.fastPath = fast;
    // After every other onSend hook (the ones above; route hooks do nothing for anonymous users).
    app.addHook('onSend', fast.onSend);
    app.addHook('preClose', (done) => {
      fast.closing = true;
      done();
    });
    fastPath = fast;
  }
  app.decorate('fastPath', fastPath);
  app.addHook('onClose', async () => {
    await db.close();
  });
  if (options.migrate) {
    const { reports } = await migrateToLatest(db.kysely);
    for (const report of reports) app.log.info(report.details, `migration ${report.migration}`);
  }

  // 3. errors, the refusal of query parameters a route does not declare, and CORS for the public
  // reads (before any route: both are onRoute hooks)
  registerErrors(app);
  registerKnownParams(app);
  registerOpenDataCors(app);
  // The map's first tiles built as soon as a write publishes new data (an onRoute hook too)
  warmTilesAfterWrites(app);
  // Prometheus metrics on their own port when METRICS_PORT is set (an onRequest hook, before any route)
  registerMetrics(app);

  // 4. identity
  app.decorate('identityResolver', registerIdentity(app, config));

  // 5. openapi (before the domains: it collects their schemas)
  await registerOpenapi(app);

  // 6. domains
  await app.register(healthRoutes);
  await app.register(userRoutes);
  await app.register(agencyRoutes);
  await app.register(dashboardRoutes);
  await app.register(wildfireRoutes);
  await app.register(placeRoutes);
  await app.register(nearMeRoutes);
  await app.register(historicalRoutes);
  await app.register(fireImportRoutes);
  await app.register(ogcRoutes);
  await app.register(ogcTileRoutes);
  await app.register(feedRoutes);
  await app.register(perimeterRoutes);
  await app.register(resourceRoutes);
  await app.register(inventoryRoutes);
  await app.register(exportRoutes);
  await app.register(agencySitrepRoutes);
  await app.register(nationalSitrepRoutes);
  await app.register(atomFeedRoutes);
  await app.register(dutyOfficerRoutes);
  await app.register(sitePageRoutes);

  return app;
}
