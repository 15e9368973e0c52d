import { describe, expect, it } from 'vitest';
import { inspectJson, isDatabaseUnavailable, MAX_JSON_DEPTH, NUL_ERROR, nulPaths } from './errors.ts';

describe('walking a parsed JSON body', () => {
  it('stops at the depth limit without recursion, however deep the value', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(inspectJson(deep).tooDeep).toBe(Array.from({ length: MAX_JSON_DEPTH }, () => '0').join('.'));
    const ok = JSON.parse(`${'{"a":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}`);
    expect(inspectJson(ok).tooDeep).toBeUndefined();
  });

  it("does not walk a raw body's bytes (a perimeter file is checked by its import)", () => {
    const bytes = Buffer.from('{"type":"FeatureCollection"}');
    // A walk would list the bytes' own keys, this one among them.
    Object.defineProperty(bytes, 'a\u0000', { value: 'x', enumerable: true });
    expect(inspectJson(bytes)).toEqual({ nul: {} });
    expect(inspectJson({ file: bytes })).toEqual({ nul: {} });
  });

  it('names every NUL in values and keys, in document order', () => {
    expect(nulPaths({ a: 'x\u0000', b: [{ c: 'ok' }, { 'd\u0000': 'y' }] })).toEqual({
      a: NUL_ERROR,
      'b.1.d\\0': NUL_ERROR,
    });
    expect(
      Object.keys(
        nulPaths(
          Array.from({ length: 100 }, () => '\u0000'),
          5,
        ),
      ),
    ).toHaveLength(5);
  });
});

describe('telling an unreachable database from a bad query', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, true],
    [new AggregateError([Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })]), true],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }, true],
    [{ code: '08006' }, true],
    [new Error('Connection terminated unexpectedly'), true],
    [{ message: 'wrapped', cause: { code: 'ETIMEDOUT' } }, true],
    [{ code: '23505', message: 'duplicate key' }, false],
    [new TypeError('x is undefined'), false],
  ])('%o → %s', (error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});
