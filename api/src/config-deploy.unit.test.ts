import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dev = (env: NodeJS.ProcessEnv) => loadConfig({ NODE_ENV: 'development', JWT_SECRET: 'dev', ...env });

describe('loadConfig: settings of several instances', () => {
  it('reuses an identity for at most 5 s, so a block or a role change reaches every instance', () => {
    expect(dev({}).identityCacheMs).toBeLessThanOrEqual(5_000);
    expect(() => dev({ IDENTITY_CACHE_MS: '60000' })).toThrow(/IDENTITY_CACHE_MS/);
  });
  it('takes the pool size from DB_POOL_SIZE (at least 2: the seeding lock holds one)', () => {
    expect(dev({}).poolSize).toBe(10);
    expect(dev({ DB_POOL_SIZE: '4' }).poolSize).toBe(4);
    expect(() => dev({ DB_POOL_SIZE: '1' })).toThrow(/DB_POOL_SIZE/);
    expect(() => dev({ DB_POOL_SIZE: 'many' })).toThrow(/DB_POOL_SIZE/);
  });
  it('names the instance (INSTANCE_ID) and logs requests unless LOG_REQUESTS=0', () => {
    expect(dev({ INSTANCE_ID: 'api-2' }).instanceId).toBe('api-2');
    expect(dev({}).logRequests).toBe(true);
    expect(dev({ LOG_REQUESTS: '0' }).logRequests).toBe(false);
  });
});
