import { type ReactNode, Suspense, useId, useState } from 'react';
import { type CsvCell, downloadCsv, toCsv } from '../csv.ts';
import { TableRegion } from './TableRegion.tsx';
import { WhenNear } from './WhenNear.tsx';
import './charts.css';

/** A chart's slot before it draws: a quiet band of its height, not a blank one. */
const SKELETON = <div className="chart-figure-skeleton" aria-hidden="true" />;

export interface ChartColumn<Row> {
  /** Column heading, in the current language; also the CSV header. */
  label: string;
  /** The raw value, written to the CSV as is. */
  value: (row: Row) => CsvCell;
  /** The value as shown in the data table (number formats of section 9). */
  display?: (row: Row) => ReactNode;
}

/**
 * A chart with what WCAG asks beside it: a heading, the chart (SVG: Recharts' accessibility layer, or
 * BarPlot's keyboard walk),
 * a button that exports the chart's data as CSV, and the same data as a table a screen reader can
 * read (collapsed under a disclosure so sighted users are not shown the numbers twice).
 */
export function ChartFigure<Row>({
  title,
  description,
  fileName,
  columns,
  rows,
  exportLabel,
  tableLabel,
  headingLevel = 2,
  plotHeight,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** CSV file name, e.g. `daily-fires.csv`. */
  fileName: string;
  columns: ChartColumn<Row>[];
  rows: Row[];
  exportLabel: string;
  tableLabel: string;
  headingLevel?: 2 | 3;
  /** The drawn chart's height in pixels, kept by its slot until it draws (else the CSS default). */
  plotHeight?: number;
  children: ReactNode;
}) {
  const id = useId();
  const [tableShown, setTableShown] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const exportCsv = () =>
    downloadCsv(
      fileName,
      toCsv(
        columns.map((c) => c.label),
        rows.map((row) => columns.map((c) => c.value(row))),
      ),
    );
  return (
    <section className="chart-figure" aria-labelledby={`${id}-title`}>
      <div className="chart-figure-head">
        <Heading id={`${id}-title`}>{title}</Heading>
        <button type="button" className="button" onClick={exportCsv} aria-describedby={`${id}-title`}>
          {exportLabel}
        </button>
      </div>
      {description ? <p className="chart-figure-description">{description}</p> : null}
      {/* A chart draws only when it comes near the screen: five SVG charts drawn at once were
          seconds of a phone's main thread (/statistics). The slot keeps its height meanwhile, and
          while a chart's code is still loading (a lazy chart suspends here, not the figure). */}
      <WhenNear className="chart-figure-chart" minHeight={plotHeight} placeholder={SKELETON}>
        <Suspense fallback={SKELETON}>{children}</Suspense>
      </WhenNear>
      {/* The table's rows are made when it is first opened: six tables of 50 rows formatted at
          load were a long task of a phone's main thread, for a table most readers never open. */}
      <details className="chart-figure-table" onToggle={(e) => e.currentTarget.open && setTableShown(true)}>
        <summary>{tableLabel}</summary>
        {tableShown ? (
          <TableRegion label={title}>
            <table>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.label} scope="col">
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional (day, week, year)
                  <tr key={i}>
                    {columns.map((c, j) => {
                      const content = c.display ? c.display(row) : c.value(row);
                      return j === 0 ? (
                        <th key={c.label} scope="row">
                          {content}
                        </th>
                      ) : (
                        <td key={c.label}>{content}</td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        ) : null}
      </details>
    </section>
  );
}
