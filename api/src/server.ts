import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DbClock } from './db/clock.ts';
import { createDb } from './db/index.ts';
import { seedDemoAtStart } from './demo.ts';
import { batchedStdout } from './plugins/log-stream.ts';
import { ALL_ZONES } from './time-zones.ts';

/**
 * One data API instance. Migrations are a deploy step of their own in production
 * (`npm run migrate`, deploy/README.md); MIGRATE_ON_START=0 says so, the default keeps
 * `npm start` working on a fresh checkout.
 */
const config = loadConfig();
const db = createDb({
  databaseUrl: config.databaseUrl,
  sqliteFile: config.sqliteFile,
  poolSize: config.poolSize,
});
// Leases and "today" from the database's clock, the one clock every instance shares.
const clock = new DbClock(db);
await clock.sync();
clock.start();
config.now = clock.now;
const log = batchedStdout();
const app = await buildApp({
  config,
  db,
  migrate: process.env.MIGRATE_ON_START !== '0',
  logStream: log.stream,
});
app.addHook('onClose', async () => {
  clock.stop();
  log.stop();
});
app.log.info({ clockOffsetMs: Math.round(clock.offset) }, 'database clock');
// Which IANA release computes every local day and time (docs/time-zones.md), not the runtime's.
app.log.info({ tzData: ALL_ZONES.version, runtimeTz: process.versions.tz }, 'time zone data');

if (config.demo) app.log.info(await seedDemoAtStart(app), 'demo data');

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing (requests in flight finish, up to ${config.shutdownGraceMs} ms)`);
    // Past the grace the supervisor would kill us anyway: exit with an error it can log.
    const force = setTimeout(() => {
      app.log.error('shutdown grace exceeded: forced exit');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`data API on ${app.db.engine} at http://${config.host}:${config.port}`);
} catch (error) {
  app.log.error(error);
  await app.close().catch(() => {});
  process.exit(1);
}
