import { lazy } from 'react';

/**
 * The charts of plots.tsx, each loaded on first draw. One import for all three, so the charts'
 * library arrives in one chunk when the first chart comes near the screen; each chart's slot keeps
 * its height meanwhile (ChartFigure), so nothing moves when it draws.
 */
const plots = () => import('./plots.tsx');

export const YearlyPlot = lazy(() => plots().then((m) => ({ default: m.YearlyPlot })));
export const AgencyWeekPlot = lazy(() => plots().then((m) => ({ default: m.AgencyWeekPlot })));
export const WeekComparisonPlot = lazy(() => plots().then((m) => ({ default: m.WeekComparisonPlot })));
