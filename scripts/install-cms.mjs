// Runs after the root `npm install`: the content system keeps its own dependency tree (Strapi's
// admin needs React 18, the site uses React 19), so it is installed in cms/ with its own lockfile.
// `npm install`, not `npm ci`: the registry lacks some optional platform builds (docs/notes/strapi-5.md).
import { spawnSync } from 'node:child_process';

if (process.env.CIFFC_SKIP_CMS_INSTALL === '1') process.exit(0);
const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
  cwd: new URL('../cms/', import.meta.url),
  stdio: 'inherit',
  env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true' },
});
process.exit(result.status ?? 1);
