/**
 * `npm start`: the whole product on one URL (http://localhost:8080, PORT overrides) with demo data
 * on SQLite files under data/ (DATA_DIR overrides). A second start reuses that data; `npm run
 * reset` wipes it. Ctrl-C stops every part; a part that fails is reported with its log and the
 * others are stopped.
 */
import { join } from 'node:path';
import { DEMO_PASSWORD } from '@ciffc/contracts';
import { exitUnlessSupportedNode } from './lib/node-version.ts';
import { repoRoot, type Stack, signalRunningParts, startStack, stopRunningParts, tail } from './lib/stack.ts';

exitUnlessSupportedNode();

const production = process.env.NODE_ENV === 'production';
const dataDir = process.env.DATA_DIR ?? join(repoRoot, 'data');
const port = Number(process.env.PORT ?? 8080);
const started = Date.now();

let stack: Stack | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  await stack?.stop();
  // During startup there is no stack yet: stop whatever has been spawned so far.
  await stopRunningParts();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
// Last resort (an uncaught error, a plain process.exit): the parts are detached and would live on.
process.on('exit', () => signalRunningParts());

try {
  stack = await startStack({
    dataDir,
    port,
    // Demo users and data exist only outside production (demo mode).
    demo: !production,
    cmsPort: process.env.CMS_PORT ? Number(process.env.CMS_PORT) : undefined,
    apiPort: process.env.API_PORT ? Number(process.env.API_PORT) : undefined,
    databaseUrl: process.env.DATABASE_URL,
    cmsDatabaseUrl: process.env.CMS_DATABASE_URL,
  });
} catch (error) {
  // A Ctrl-C during startup makes the waiting parts fail; shutdown() reports and exits instead.
  if (stopping) await new Promise(() => {});
  console.error(`\nStart failed: ${(error as Error).message}`);
  process.exit(1);
}

console.log(`\nCIFFC is ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${stack.url}`);
console.log(`  content system admin: ${stack.url}/admin   data API: ${stack.url}/v1/openapi.json`);
if (!production) console.log(`  demo users: ab, bc, ..., yt and ciffc, password ${DEMO_PASSWORD}`);
console.log('  logs:', join(dataDir, 'logs'), '  (Ctrl-C stops everything)');

for (const part of [stack.cms, stack.api, stack.gateway]) {
  void part.exited.then(async (code) => {
    if (stopping) return;
    console.error(
      `\n${part.name} stopped unexpectedly (exit ${code}). Log ${part.logFile}:\n${tail(part.logFile)}`,
    );
    await shutdown(1);
  });
}
