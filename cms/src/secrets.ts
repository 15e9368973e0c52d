/**
 * Start-up guard for the secrets of TEAM-BRIEF.md. It runs in `register()` (not in config/), because
 * `strapi build` loads the configuration too and must work without any secret.
 */
export const SECRET_VARIABLES = [
  'JWT_SECRET',
  'ADMIN_JWT_SECRET',
  'APP_KEYS',
  'API_TOKEN_SALT',
  'TRANSFER_TOKEN_SALT',
  'ENCRYPTION_KEY',
] as const;

// Values from Strapi's project template (.env.example) and the usual placeholders.
const KNOWN_DEFAULTS = new Set([
  'tobemodified',
  'tobemodified1',
  'tobemodified2',
  'changeme',
  'secret',
  'password',
  'default',
  'demo',
  'test',
  'dev',
  'development',
  'example',
  'mysecret',
  'jwtsecret',
]);
// Any value containing one of these is a placeholder or a demo value, never a production secret.
const DEFAULT_MARKERS = [
  'tobemodified',
  'changeme',
  'change-me',
  'change_me',
  'replaceme',
  'demo',
  'example',
  'insecure',
];
const MIN_PRODUCTION_LENGTH = 16;

const valuesOf = (name: string, raw: string): string[] =>
  name === 'APP_KEYS' ? raw.split(',').map((key) => key.trim()) : [raw.trim()];

const defaultReason = (value: string): string | undefined => {
  const lower = value.toLowerCase();
  if (KNOWN_DEFAULTS.has(lower)) return `the known default "${value}"`;
  const marker = DEFAULT_MARKERS.find((m) => lower.includes(m));
  if (marker) return `a placeholder or demo value (contains "${marker}")`;
  if (value.length < MIN_PRODUCTION_LENGTH) return `shorter than ${MIN_PRODUCTION_LENGTH} characters`;
  return undefined;
};

/** Problems with the secrets in `env`; empty when the content system may start. */
export const secretProblems = (env: NodeJS.ProcessEnv, production: boolean): string[] => {
  const problems: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') {
      problems.push(`${name} is missing`);
      continue;
    }
    if (!production) continue;
    for (const value of valuesOf(name, raw)) {
      if (value === '') {
        problems.push(`${name} has an empty key`);
        continue;
      }
      const reason = defaultReason(value);
      if (reason) problems.push(`${name} is ${reason}`);
    }
  }
  if (production && env.CIFFC_DEMO === '1') {
    problems.push('CIFFC_DEMO=1 is refused with NODE_ENV=production (demo users have a published password)');
  }
  return problems;
};

export const assertSecrets = (env: NodeJS.ProcessEnv = process.env): void => {
  const production = env.NODE_ENV === 'production';
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
