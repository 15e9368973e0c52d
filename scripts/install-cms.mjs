// Runs after the root `npm install`: the content system keeps its own dependency tree (Strapi's
// admin needs React 18, the site uses React 19), so it is installed in cms/ with its own lockfile.
// `npm install`, not `npm ci`: the registry lacks some optional platform builds (docs/notes/strapi-5.md).
import { spawnSync } from 'node:child_process';
import { buildContracts } from '../cms/scripts/build-contracts.mjs';

if (process.env.CIFFC_SKIP_CMS_INSTALL !== '1') {
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: new URL('../cms/', import.meta.url),
    stdio: 'inherit',
    env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// The contracts the content system imports, compiled for it (cms/scripts/build-contracts.mjs), so
// that its type-check, build and start work right after `npm install` on a fresh clone.
buildContracts();
