import { describe, expect, it } from 'vitest';
import { CHART_PALETTE } from './palette.ts';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('chart palette', () => {
  it('has 17 distinct colours, each at least 3:1 against white', () => {
    expect(CHART_PALETTE).toHaveLength(17);
    expect(new Set(CHART_PALETTE).size).toBe(17);
    for (const colour of CHART_PALETTE)
      expect(1.05 / (luminance(colour) + 0.05), colour).toBeGreaterThanOrEqual(3);
  });
});
