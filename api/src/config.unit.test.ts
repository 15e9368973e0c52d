import { describe, expect, it } from 'vitest';
import { loadConfig, migrationTargetProblem } from './config.ts';

const GOOD = 'Zq8v3Jt6-random-production-secret';
const production = (env: NodeJS.ProcessEnv) => () => loadConfig({ NODE_ENV: 'production', ...env });

describe('loadConfig in production (refuses a missing or default secret)', () => {
  it('refuses a missing JWT_SECRET', () => {
    expect(production({})).toThrow(/JWT_SECRET is missing/);
    expect(production({ JWT_SECRET: '' })).toThrow(/JWT_SECRET is missing/);
  });
  it('refuses a default or weak JWT_SECRET', () => {
    expect(production({ JWT_SECRET: 'tobemodified' })).toThrow(/known default/);
    expect(production({ JWT_SECRET: 'changeme-please-now' })).toThrow(/placeholder/);
    expect(production({ JWT_SECRET: 'abc123' })).toThrow(/shorter than 16/);
  });
  it('refuses demo mode (CIFFC_DEMO=1)', () => {
    expect(production({ JWT_SECRET: GOOD, CIFFC_DEMO: '1' })).toThrow(/CIFFC_DEMO=1 is refused/);
  });
  it('refuses any truthy CIFFC_DEMO, NODE_ENV in any case and a low-entropy secret', () => {
    expect(production({ JWT_SECRET: GOOD, CIFFC_DEMO: 'true' })).toThrow(/CIFFC_DEMO=true is refused/);
    expect(() => loadConfig({ NODE_ENV: 'Production', JWT_SECRET: 'my-demo-secret-123456' })).toThrow(
      /placeholder or demo value/,
    );
    expect(production({ JWT_SECRET: 'aaaaaaaaaaaaaaaa' })).toThrow(/not random enough/);
  });
  it('starts with a good secret', () => {
    const config = production({ JWT_SECRET: GOOD })();
    expect(config.jwtSecret).toBe(GOOD);
    expect(config.demo).toBe(false);
  });
  it('outside production a short secret and demo mode are fine', () => {
    const config = loadConfig({ NODE_ENV: 'development', JWT_SECRET: 'dev', CIFFC_DEMO: '1' });
    expect(config.demo).toBe(true);
  });
});

describe('npm run migrate in production', () => {
  it('refuses without a database setting, saying to load the API settings; runs with one', () => {
    expect(migrationTargetProblem({ NODE_ENV: 'production' })).toMatch(
      /neither DATABASE_URL nor SQLITE_FILE.*api\.env/,
    );
    expect(migrationTargetProblem({ NODE_ENV: 'Production', DATABASE_URL: '' })).not.toBeNull();
    expect(migrationTargetProblem({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).toBeNull();
    expect(
      migrationTargetProblem({ NODE_ENV: 'production', SQLITE_FILE: '/srv/ciffc/data/api.db' }),
    ).toBeNull();
    // Outside production the default SQLite file is what `npm start` uses.
    expect(migrationTargetProblem({})).toBeNull();
  });
});
