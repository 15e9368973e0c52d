import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../config.ts';

const metrics = (env: NodeJS.ProcessEnv) =>
  loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'test', ...env }).metrics;

describe('METRICS_PORT', () => {
  it('is off unless set: unset, empty, 0 and off serve no metrics', () => {
    for (const value of [undefined, '', '0', 'off', 'OFF'])
      expect(metrics({ METRICS_PORT: value })).toBeUndefined();
  });

  it('is a port, or +N for the instance port plus N, on loopback unless METRICS_HOST says otherwise', () => {
    expect(metrics({ METRICS_PORT: '9464' })).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(metrics({ API_PORT: '3002', METRICS_PORT: '+10000' })).toEqual({ host: '127.0.0.1', port: 13002 });
    expect(metrics({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toEqual({
      host: '10.0.0.5',
      port: 9464,
    });
  });

  it('refuses a value that is not a port, or the API port itself', () => {
    expect(() => metrics({ METRICS_PORT: 'yes' })).toThrow(/METRICS_PORT must be a port/);
    expect(() => metrics({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT must be a port/);
    expect(() => metrics({ API_PORT: '60000', METRICS_PORT: '+10000' })).toThrow(
      /METRICS_PORT must be a port/,
    );
    expect(() => metrics({ API_PORT: '3001', METRICS_PORT: '3001' })).toThrow(/must differ from API_PORT/);
    expect(() => metrics({ API_PORT: '3001', METRICS_PORT: '+0' })).toThrow(/must differ from API_PORT/);
  });

  it('the production settings file turns it on, on loopback, one port per instance', () => {
    // deploy/env/api.env is read by every ciffc-api@PORT instance.
    const setting = /^METRICS_PORT=(.*)$/m.exec(readFileSync(`${REPO_ROOT}/deploy/env/api.env`, 'utf8'))?.[1];
    expect(metrics({ API_PORT: '3001', METRICS_PORT: setting })).toEqual({ host: '127.0.0.1', port: 4001 });
    expect(metrics({ API_PORT: '3002', METRICS_PORT: setting })?.port).toBe(4002);
  });
});
