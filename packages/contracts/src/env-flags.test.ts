import { describe, expect, it } from 'vitest';
import { entropyBits, envFlag, flagNotOff, isProduction, lowEntropyReason } from './env-flags.ts';

describe('environment flags (one parser for every part)', () => {
  it('reads the usual spellings of on and off, in any case', () => {
    for (const value of ['1', 'true', 'TRUE', 'Yes', ' on '])
      expect(envFlag({ F: value }, 'F'), value).toBe(true);
    for (const value of ['0', 'false', 'False', 'no', 'OFF'])
      expect(envFlag({ F: value }, 'F', true), value).toBe(false);
  });
  it('falls back when unset or empty', () => {
    expect(envFlag({}, 'F')).toBe(false);
    expect(envFlag({ F: '' }, 'F', true)).toBe(true);
  });
  it('refuses a value that is no flag instead of reading it as off', () => {
    expect(() => envFlag({ CIFFC_DEMO: 'maybe' }, 'CIFFC_DEMO')).toThrow(/CIFFC_DEMO="maybe" is not a flag/);
  });
  it('treats anything but an explicit off as on where a guard must refuse it', () => {
    expect(flagNotOff({ F: 'enabled' }, 'F')).toBe(true);
    expect(flagNotOff({ F: 'true' }, 'F')).toBe(true);
    expect(flagNotOff({ F: 'off' }, 'F')).toBe(false);
    expect(flagNotOff({}, 'F')).toBe(false);
  });
  it('compares NODE_ENV without case', () => {
    for (const value of ['production', 'Production', 'PRODUCTION', ' production ']) {
      expect(isProduction({ NODE_ENV: value }), value).toBe(true);
    }
    for (const value of [undefined, 'development', 'test', 'prod']) {
      expect(isProduction({ NODE_ENV: value }), String(value)).toBe(false);
    }
  });
  it('measures how random a secret looks', () => {
    expect(entropyBits('aaaaaaaaaaaaaaaa')).toBe(0);
    expect(entropyBits('abababab')).toBeCloseTo(8);
    expect(lowEntropyReason('aaaaaaaaaaaaaaaa')).toMatch(/0 bits/);
    expect(lowEntropyReason('0123456789abcdefghij')).toMatch(/consecutive/);
    // What `openssl rand -base64 32` gives.
    expect(lowEntropyReason('q0Zb6m1vH3kTzR8yWc2LxN5pJ7sDfG4aUeYiOo9BlKQ=')).toBeUndefined();
  });
});
