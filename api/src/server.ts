import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedDemo } from './fires/demo.ts';

const config = loadConfig();
const app = await buildApp({ config, migrate: true });

if (config.demo) {
  const seeded = await seedDemo(app.db);
  app.log.info(seeded, 'demo data');
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
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
