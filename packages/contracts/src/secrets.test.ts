import { describe, expect, it } from 'vitest';
import { SECRET_VARIABLES, secretProblems } from './secrets.ts';

const good = 'v3ry-l0ng-r4nd0m-s3cr3t-value';
const goodEnv = Object.fromEntries(SECRET_VARIABLES.map((name) => [name, good]));

describe('secret rules (production refuses a missing or default secret)', () => {
  it('accepts good secrets in production', () => {
    expect(secretProblems({ ...goodEnv, APP_KEYS: `${good},${good}x` }, true)).toEqual([]);
  });
  it('refuses a missing secret in any mode', () => {
    const { JWT_SECRET: _dropped, ...rest } = goodEnv;
    expect(secretProblems(rest, false)).toEqual(['JWT_SECRET is missing']);
    expect(secretProblems({ ...goodEnv, JWT_SECRET: '  ' }, true)).toEqual(['JWT_SECRET is missing']);
  });
  it('refuses defaults, placeholders, short values and empty keys only in production', () => {
    const env = { ...goodEnv, JWT_SECRET: 'tobemodified', ADMIN_JWT_SECRET: 'my-demo-secret-123456' };
    expect(secretProblems(env, false)).toEqual([]);
    expect(secretProblems(env, true)).toEqual([
      'JWT_SECRET is the known default "tobemodified"',
      'ADMIN_JWT_SECRET is a placeholder or demo value (contains "demo")',
    ]);
    expect(secretProblems({ ...goodEnv, API_TOKEN_SALT: 'short' }, true)).toEqual([
      'API_TOKEN_SALT is shorter than 16 characters',
    ]);
    expect(secretProblems({ ...goodEnv, APP_KEYS: `${good},` }, true)).toEqual(['APP_KEYS has an empty key']);
  });
  it('refuses demo mode in production, whatever truthy spelling', () => {
    expect(secretProblems({ ...goodEnv, CIFFC_DEMO: '1' }, false)).toEqual([]);
    for (const value of ['1', 'true', 'TRUE', 'yes', ' on ', 'enabled']) {
      expect(secretProblems({ ...goodEnv, CIFFC_DEMO: value }, true), value).toHaveLength(1);
    }
    for (const value of ['', '0', 'false', 'No', 'off']) {
      expect(secretProblems({ ...goodEnv, CIFFC_DEMO: value }, true), value).toEqual([]);
    }
  });
  it('refuses a long secret that does not look random', () => {
    expect(secretProblems({ ...goodEnv, JWT_SECRET: 'aaaaaaaaaaaaaaaa' }, true)).toEqual([
      'JWT_SECRET is not random enough (0 bits of entropy, at least 48)',
    ]);
    expect(secretProblems({ ...goodEnv, JWT_SECRET: 'abababababababababababab' }, true)).toHaveLength(1);
    expect(secretProblems({ ...goodEnv, JWT_SECRET: 'abcdefghijklmnopqrstuvwxyz' }, true)).toEqual([
      'JWT_SECRET is not random enough (mostly a run of consecutive characters)',
    ]);
    expect(secretProblems({ ...goodEnv, JWT_SECRET: 'aaaaaaaaaaaaaaaa' }, false)).toEqual([]);
  });
  it('checks only the names asked for', () => {
    expect(secretProblems({ JWT_SECRET: good }, true, ['JWT_SECRET'])).toEqual([]);
  });
});
