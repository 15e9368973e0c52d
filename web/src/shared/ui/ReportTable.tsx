import type { ReactNode } from 'react';

export interface ReportTableProps {
  caption: string;
  /** Shown to screen readers only when the section heading already says it. */
  captionHidden?: boolean;
  head: ReactNode[];
  /** The first cell of each row is its row header. */
  rows: ReactNode[][];
  foot?: ReactNode[] | undefined;
  /** Shown in one cell when there are no rows. */
  empty: string;
  className?: string;
}

const cells = (row: ReactNode[]) =>
  row.map((c, i) =>
    i === 0 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
      <th key={i} scope="row">
        {c}
      </th>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
      <td key={i}>{c}</td>
    ),
  );

/** A read-only table of a report: column and row headers, an empty line, an optional totals row. */
export function ReportTable({
  caption,
  captionHidden,
  head,
  rows,
  foot,
  empty,
  className,
}: ReportTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-scroll" tabIndex={0} aria-label={caption}>
      <table className={className ?? 'data-table'}>
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length}>{empty}</td>
            </tr>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows in report order
            rows.map((row, r) => <tr key={r}>{cells(row)}</tr>)
          )}
        </tbody>
        {foot && rows.length > 0 ? (
          <tfoot>
            <tr>{cells(foot)}</tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}
