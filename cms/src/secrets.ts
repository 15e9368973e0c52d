/**
 * Start-up guard for the secrets of TEAM-BRIEF.md. It runs in `register()` (not in config/), because
 * `strapi build` loads the configuration too and must work without any secret. The rules are the
 * data API's too: this imports packages/contracts/src/secrets.ts, compiled for the content system by
 * cms/scripts/build-contracts.mjs.
 */
import { isProduction } from '@ciffc/contracts/commonjs/env-flags';
import { SECRET_VARIABLES, secretProblems } from '@ciffc/contracts/commonjs/secrets';

export const assertSecrets = (env: NodeJS.ProcessEnv = process.env): void => {
  // `Production` is production too: one reading of NODE_ENV for every part.
  const production = isProduction(env);
  const problems = secretProblems(env, production);
  if (problems.length === 0) return;
  throw new Error(
    [
      `CIFFC content system refuses to start (NODE_ENV=${env.NODE_ENV ?? 'development'}):`,
      ...problems.map((p) => `  - ${p}`),
      `Set ${SECRET_VARIABLES.join(', ')} to random values, e.g. \`openssl rand -base64 32\` ` +
        '(APP_KEYS: several such values separated by commas). See cms/README.md.',
    ].join('\n'),
  );
};
