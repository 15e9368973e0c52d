import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { categoryAxisProps, NARROW_QUERY, useNarrowScreen } from './useNarrowScreen.ts';

function stubMatchMedia(matches: boolean) {
  const asked: string[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    asked.push(query);
    return { matches, media: query, addEventListener: () => {}, removeEventListener: () => {} };
  });
  return asked;
}

describe('useNarrowScreen', () => {
  it('is true on a phone-sized screen and asks for the layout breakpoint', () => {
    const asked = stubMatchMedia(true);
    expect(renderHook(() => useNarrowScreen()).result.current).toBe(true);
    expect(asked).toContain(NARROW_QUERY);
  });

  it('is false on a wide screen', () => {
    stubMatchMedia(false);
    expect(renderHook(() => useNarrowScreen()).result.current).toBe(false);
  });
});

describe('categoryAxisProps', () => {
  it('keeps every label, turned a quarter only on a narrow screen', () => {
    expect(categoryAxisProps(false)).toEqual({ interval: 0 });
    expect(categoryAxisProps(true)).toMatchObject({ interval: 0, angle: -90, textAnchor: 'end' });
  });
});
