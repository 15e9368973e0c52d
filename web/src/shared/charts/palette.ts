/**
 * The 17-colour chart palette (docs/spec/public-site.md section 9). Ordered so that neighbouring series
 * differ in hue and lightness; each colour keeps at least 3:1 contrast against white (WCAG 1.4.11
 * for graphical objects).
 */
export const CHART_PALETTE = [
  '#b3101f',
  '#1f5fbf',
  '#2e7d32',
  '#8e24aa',
  '#e65100',
  '#00838f',
  '#6d4c41',
  '#c2185b',
  '#455a64',
  '#9e7a00',
  '#3949ab',
  '#558b2f',
  '#d84315',
  '#00695c',
  '#7b1fa2',
  '#5d4037',
  '#0277bd',
] as const;

export function paletteColour(index: number): string {
  return CHART_PALETTE[index % CHART_PALETTE.length] as string;
}
