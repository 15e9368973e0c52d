/**
 * One reading of the environment for every part: flags, the production switch and whether
 * a secret looks random. Dependency-free on purpose: the content system runs it compiled to CommonJS
 * (cms/scripts/build-contracts.mjs), which only takes modules importing one another.
 */
export type FlagEnv = Readonly<Record<string, string | undefined>>;

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on', 'y']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off', 'n']);

const normalised = (raw: string | undefined): string => (raw ?? '').trim().toLowerCase();

/**
 * The flag `name`: `fallback` when unset or empty, true for 1/true/yes/on, false for 0/false/no/off
 * (any case). Anything else is refused, so that a typo never silently means "off".
 */
export const envFlag = (env: FlagEnv, name: string, fallback = false): boolean => {
  const value = normalised(env[name]);
  if (value === '') return fallback;
  if (TRUE_WORDS.has(value)) return true;
  if (FALSE_WORDS.has(value)) return false;
  throw new Error(`${name}="${env[name]}" is not a flag: use 1/0, true/false, yes/no or on/off`);
};

/** Whether `name` is set to anything but an explicit "off": what a production guard must refuse. */
export const flagNotOff = (env: FlagEnv, name: string): boolean => {
  const value = normalised(env[name]);
  return value !== '' && !FALSE_WORDS.has(value);
};

/** NODE_ENV compared without case or surrounding spaces: `Production` is production. */
export const isProduction = (env: FlagEnv): boolean => normalised(env.NODE_ENV) === 'production';

/** Shannon entropy of `value` in bits (per-character entropy times length). */
export const entropyBits = (value: string): number => {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const length = [...value].length;
  let perChar = 0;
  for (const count of counts.values()) perChar -= (count / length) * Math.log2(count / length);
  return perChar * length;
};

/** Share of neighbouring characters one code point apart (`abcd`, `4321`): typed, not generated. */
const sequentialShare = (value: string): number => {
  const codes = [...value].map((ch) => ch.codePointAt(0) ?? 0);
  if (codes.length < 2) return 0;
  let steps = 0;
  for (let i = 1; i < codes.length; i++) if (Math.abs((codes[i] ?? 0) - (codes[i - 1] ?? 0)) === 1) steps++;
  return steps / (codes.length - 1);
};

/**
 * At least this many bits of Shannon entropy: 16 random base64 characters give about 56-64, the
 * `openssl rand -base64 32` the documentation asks for about 150, `aaaaaaaaaaaaaaaa` 0.
 */
export const MIN_SECRET_ENTROPY_BITS = 48;

/** Why `value` does not look random, or undefined when it does. */
export const lowEntropyReason = (value: string): string | undefined => {
  const bits = entropyBits(value);
  if (bits < MIN_SECRET_ENTROPY_BITS)
    return `not random enough (${Math.round(bits)} bits of entropy, at least ${MIN_SECRET_ENTROPY_BITS})`;
  if (sequentialShare(value) > 0.5) return 'not random enough (mostly a run of consecutive characters)';
  return undefined;
};
