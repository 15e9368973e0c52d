import { scaleLinear } from 'd3-scale';
import { type KeyboardEvent, type PointerEvent, useId, useState } from 'react';
import { barLayout } from './bar-layout.ts';

/** Recharts' measures, so a light chart sits beside the page's other charts unchanged. */
const TOP = 8;
const BOTTOM = 8;
const X_AXIS = 30;
const Y_AXIS = 56;
const LEFT = 8;
const RIGHT = 16;
const TICK = 6;
const TICK_TEXT = '#666';
const GRID = '#ccc';

export interface BarPlotProps<Row> {
  rows: readonly Row[];
  /** The category under each bar (day, code). */
  category: (row: Row) => string | number;
  /** The bar's value; null draws no bar (a day the month does not have). */
  value: (row: Row) => number | null;
  /** Which categories carry a label under the axis (all when not given). */
  labelled?: readonly (string | number)[] | undefined;
  colour: string;
  height: number;
  /** The series' name in the tooltip ("Fires"). */
  seriesName: string;
  /** The plot's accessible name; the figure's data table carries the numbers. */
  label: string;
  axisTick: (v: number) => string;
  tooltipLabel: (row: Row) => string;
  tooltipValue: (v: number) => string;
}

/**
 * A bar chart of one series drawn as plain SVG, for a chart on a page's first screen: Recharts
 * drew /statistics' first chart in several synchronous passes, a task of 0.3-0.6 s on a phone's
 * 4x slower CPU (Lighthouse's Total Blocking Time), where this is one render of a few elements.
 * Bars and labels are placed in percent of the plot's width, so the chart follows its box without
 * measuring it. The pointer or the arrow keys (once focused) show a bar's value, as Recharts'
 * tooltip and accessibility layer do.
 */
export function BarPlot<Row>(props: BarPlotProps<Row>) {
  const { rows, category, value, colour, height, labelled } = props;
  const [active, setActive] = useState<number | null>(null);
  const id = useId();
  const plotHeight = height - TOP - BOTTOM - X_AXIS;
  const values = rows.map(value);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...values.map((v) => v ?? 0))])
    .range([TOP + plotHeight, TOP])
    .nice();
  const ticks = y.ticks(5).filter(Number.isInteger);
  const bars = barLayout(rows.length);
  const shown = labelled ? new Set(labelled) : null;
  const activeRow = active === null ? undefined : rows[active];
  const activeValue = active === null ? null : (values[active] ?? null);

  const point = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const index = Math.floor(((e.clientX - box.left) / box.width) * rows.length);
    setActive(Math.min(rows.length - 1, Math.max(0, index)));
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = rows.length - 1;
    const from = active ?? -1;
    const next = { ArrowRight: from + 1, ArrowLeft: from - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    setActive(Math.min(last, Math.max(0, next)));
  };

  return (
    <div className="bar-plot" style={{ height, gridTemplateColumns: `${LEFT + Y_AXIS}px 1fr ${RIGHT}px` }}>
      <svg width={LEFT + Y_AXIS} height={height} aria-hidden="true" className="bar-plot-y">
        <line x1={LEFT + Y_AXIS} x2={LEFT + Y_AXIS} y1={TOP} y2={TOP + plotHeight} stroke={TICK_TEXT} />
        {ticks.map((t) => (
          <g key={t} transform={`translate(0 ${y(t)})`}>
            <line x1={LEFT + Y_AXIS - TICK} x2={LEFT + Y_AXIS} stroke={TICK_TEXT} />
            <text x={LEFT + Y_AXIS - TICK - 2} dy="0.355em" textAnchor="end" fill={TICK_TEXT}>
              {props.axisTick(t)}
            </text>
          </g>
        ))}
      </svg>
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable group of bars, no form control fits */}
      <div
        className="bar-plot-area"
        role="group"
        aria-label={props.label}
        aria-describedby={activeRow ? `${id}-tip` : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys walk the bars, as Recharts' accessibility layer does
        tabIndex={0}
        onPointerMove={point}
        onPointerLeave={() => setActive(null)}
        onKeyDown={key}
        onFocus={() => setActive((a) => a ?? 0)}
        onBlur={() => setActive(null)}
      >
        <svg width="100%" height={height} aria-hidden="true" overflow="visible">
          {ticks.map((t) => (
            <line key={t} x1="0" x2="100%" y1={y(t)} y2={y(t)} stroke={GRID} strokeDasharray="3 3" />
          ))}
          {active !== null && (
            <rect
              x={`${bars.band(active)}%`}
              width={`${bars.bandWidth}%`}
              y={TOP}
              height={plotHeight}
              fill="#ccc"
              opacity={0.5}
            />
          )}
          {values.map((v, i) =>
            v === null || v === 0 ? null : (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: bars are positional (day of the month)
                key={i}
                x={`${bars.bar(i)}%`}
                width={`${bars.barWidth}%`}
                y={y(v)}
                height={TOP + plotHeight - y(v)}
                fill={colour}
              />
            ),
          )}
          <line x1="0" x2="100%" y1={TOP + plotHeight} y2={TOP + plotHeight} stroke={TICK_TEXT} />
          {rows.map((row, i) => {
            const c = category(row);
            if (shown && !shown.has(c)) return null;
            return (
              <text
                key={String(c)}
                x={`${bars.centre(i)}%`}
                y={TOP + plotHeight + TICK + 2}
                dy="0.71em"
                textAnchor="middle"
                fill={TICK_TEXT}
                fontSize={11}
              >
                {c}
              </text>
            );
          })}
        </svg>
        {activeRow !== undefined && active !== null && (
          <div
            id={`${id}-tip`}
            className="bar-plot-tip"
            style={
              active < rows.length / 2
                ? { left: `${bars.band(active + 1)}%` }
                : { right: `${100 - bars.band(active)}%` }
            }
          >
            <p className="bar-plot-tip-label">{props.tooltipLabel(activeRow)}</p>
            <p style={{ color: colour }}>
              {props.seriesName} : {activeValue === null ? '' : props.tooltipValue(activeValue)}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
