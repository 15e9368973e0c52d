/** Recharts' default gap between bars: a tenth of a category's band on each side. */
const GAP = 0.1;

/**
 * Where the bars of `count` categories go across a plot, in percent of its width: a light chart
 * is then laid out by the browser at any width, with no measuring and no render on resize.
 */
export function barLayout(count: number) {
  const bandWidth = 100 / Math.max(1, count);
  return {
    bandWidth,
    barWidth: bandWidth * (1 - 2 * GAP),
    /** The left edge of category i's band. */
    band: (i: number) => i * bandWidth,
    /** The left edge of category i's bar. */
    bar: (i: number) => (i + GAP) * bandWidth,
    centre: (i: number) => (i + 0.5) * bandWidth,
  };
}
