/**
 * The secret rules shared by the content system and the data API (a production start
 * refuses a missing or default secret, or one that does not look random). Dependency-free
 * on purpose: the content system runs it compiled to CommonJS (cms/scripts/build-contracts.mjs),
 * which only takes modules importing one another.
 */
import { flagNotOff, lowEntropyReason } from './env-flags.ts';

export const SECRET_VARIABLES = [
  'JWT_SECRET',
  'ADMIN_JWT_SECRET',
  'APP_KEYS',
  'API_TOKEN_SALT',
  'TRANSFER_TOKEN_SALT',
  'ENCRYPTION_KEY',
] as const;

export type SecretEnv = Readonly<Record<string, string | undefined>>;

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
export const MIN_PRODUCTION_SECRET_LENGTH = 16;

const valuesOf = (name: string, raw: string): string[] =>
  name === 'APP_KEYS' ? raw.split(',').map((key) => key.trim()) : [raw.trim()];

const defaultReason = (value: string): string | undefined => {
  const lower = value.toLowerCase();
  if (KNOWN_DEFAULTS.has(lower)) return `the known default "${value}"`;
  const marker = DEFAULT_MARKERS.find((m) => lower.includes(m));
  if (marker) return `a placeholder or demo value (contains "${marker}")`;
  if (value.length < MIN_PRODUCTION_SECRET_LENGTH)
    return `shorter than ${MIN_PRODUCTION_SECRET_LENGTH} characters`;
  return lowEntropyReason(value);
};

const valueProblems = (name: string, raw: string): string[] =>
  valuesOf(name, raw).flatMap((value) => {
    if (value === '') return [`${name} has an empty key`];
    const reason = defaultReason(value);
    return reason ? [`${name} is ${reason}`] : [];
  });

/**
 * Problems with the secrets `names` in `env`; empty when the part may start. Outside production only
 * a missing secret counts; in production also a default, placeholder, short or low-entropy value,
 * and demo mode (CIFFC_DEMO set to anything but an explicit off), whose users have a published
 * password.
 */
export const secretProblems = (
  env: SecretEnv,
  production: boolean,
  names: readonly string[] = SECRET_VARIABLES,
): string[] => {
  const problems: string[] = [];
  for (const name of names) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') problems.push(`${name} is missing`);
    else if (production) problems.push(...valueProblems(name, raw));
  }
  if (production && flagNotOff(env, 'CIFFC_DEMO')) {
    problems.push(
      `CIFFC_DEMO=${env.CIFFC_DEMO} is refused with NODE_ENV=production (demo users have a published password)`,
    );
  }
  return problems;
};
