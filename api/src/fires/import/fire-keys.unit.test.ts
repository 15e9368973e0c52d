import { describe, expect, it } from 'vitest';
import { FireKeys } from './fire-keys.ts';

describe('the fires a file names, held outside the heap', () => {
  it('knows each fire by agency and id, with the value it was given', () => {
    const keys = new FireKeys();
    keys.set('bc', 'G70001', 1);
    keys.set('on', 'G70001', 2);
    keys.set('bc', 'G7000', 3);
    expect(keys.get('bc', 'G70001')).toBe(1);
    expect(keys.get('on', 'G70001')).toBe(2);
    expect(keys.get('bc', 'G7000')).toBe(3);
    expect(keys.get('bc', 'G700011')).toBeUndefined();
    expect(keys.get('b', 'cG70001')).toBeUndefined();
    expect(keys.has('bc', '')).toBe(false);
    expect(keys.size).toBe(3);
  });

  it('adds a fire only when new, and sets it again when asked', () => {
    const keys = new FireKeys();
    keys.add('sk', 'A', -1);
    keys.add('sk', 'A', 7);
    expect(keys.get('sk', 'A')).toBe(-1);
    keys.set('sk', 'A', 7);
    expect(keys.get('sk', 'A')).toBe(7);
    expect(keys.size).toBe(1);
  });

  it('keeps ids of any characters and length apart', () => {
    const keys = new FireKeys();
    const ids = ['', 'é', 'e\u0301', '火災-1', '😀', 'x'.repeat(5_000), 'a\u0000b'];
    for (const [i, id] of ids.entries()) keys.set('qc', id, i);
    for (const [i, id] of ids.entries()) expect(keys.get('qc', id)).toBe(i);
    expect(keys.size).toBe(ids.length);
  });

  it('holds a large file’s fires as it grows, and crosses to another thread as they are', () => {
    const keys = new FireKeys();
    for (let i = 0; i < 200_000; i++) keys.set(i % 2 ? 'ab' : 'yt', `F-${i}`, i);
    const copy = FireKeys.handedOver(structuredClone(keys.handOver()));
    for (const k of [keys, copy]) {
      expect(k.size).toBe(200_000);
      let wrong = 0;
      for (let i = 0; i < 200_000; i += 1) if (k.get(i % 2 ? 'ab' : 'yt', `F-${i}`) !== i) wrong += 1;
      expect(wrong).toBe(0);
      expect(k.has('ab', 'F-0')).toBe(false);
    }
  });
});
