// The accounts command (deploy/README.md, "Accounts"; `node scripts/accounts.mjs --help`): the
// site's agency and national users and the admin panel's first admin. It runs the built app
// (dist/src/accounts.js, compiled by `npm run build`) and never compiles: Strapi's own CLI does,
// into dist/, which the service user may not write. With the content system's settings in the
// environment: in production `sudo /srv/ciffc/deploy/accounts.sh ...` loads /etc/ciffc/cms.env
// and runs this as the service user.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(appDir, 'dist', 'src', 'accounts.js');
let accounts;
try {
  accounts = createRequire(import.meta.url)(built);
} catch (error) {
  if (error?.code !== 'MODULE_NOT_FOUND' || !String(error.message).includes(built)) throw error;
  console.error(`accounts: ${built} is missing: build the content system first (npm run build in cms/)`);
  process.exit(1);
}
// Strapi leaves its database pool and timers behind: the status is final once main resolves.
process.exit(await accounts.main(process.argv.slice(2), appDir));
