import { describe, expect, it } from 'vitest';
import { barLayout } from './bar-layout.ts';

describe('barLayout', () => {
  it('splits the width into equal bands with a bar in the middle four fifths of each', () => {
    const l = barLayout(4);
    expect(l.bandWidth).toBe(25);
    expect(l.band(3)).toBe(75);
    expect(l.bar(1)).toBeCloseTo(27.5);
    expect(l.barWidth).toBeCloseTo(20);
    expect(l.centre(0)).toBe(12.5);
    expect(l.bar(3) + l.barWidth).toBeCloseTo(97.5);
  });

  it('keeps one band for an empty series instead of dividing by zero', () => {
    expect(barLayout(0).bandWidth).toBe(100);
  });
});
