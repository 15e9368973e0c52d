import type { ReactNode } from 'react';

/**
 * How a column's cells read: `number` right-aligned (digits line up, as in every other table of the
 * site), `prose` a long text given room to read (not one word per line on a phone), `text` the rest.
 */
export type ColumnKind = 'text' | 'number' | 'prose';

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
  /** One per column; a column not listed is `text`. */
  kinds?: readonly ColumnKind[];
  /** Added to `data-table`, the site's table style. */
  className?: string;
}

const KIND_CLASS: Record<ColumnKind, string | undefined> = { text: undefined, number: 'num', prose: 'prose' };

/** The first column then `count` columns of numbers: the shape of most report tables. */
export const numbersAfterLabel = (count: number): ColumnKind[] => [
  'text',
  ...Array.from({ length: count }, () => 'number' as const),
];

function cells(row: ReactNode[], kinds: readonly ColumnKind[]) {
  return row.map((c, i) => {
    const className = KIND_CLASS[kinds[i] ?? 'text'];
    return i === 0 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
      <th key={i} scope="row" className={className}>
        {c}
      </th>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
      <td key={i} className={className}>
        {c}
      </td>
    );
  });
}

/** A read-only table of a report: column and row headers, an empty line, an optional totals row. */
export function ReportTable({
  caption,
  captionHidden,
  head,
  rows,
  foot,
  empty,
  kinds = [],
  className,
}: ReportTableProps) {
  return (
    // A group, not a region: the section around it already is the landmark of this name (axe landmark-unique).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard (WCAG 2.1.1)
    // biome-ignore lint/a11y/useSemanticElements: a named scrolling box, not a group of form fields
    <div className="table-scroll" tabIndex={0} role="group" aria-label={caption}>
      <table className={className ? `data-table ${className}` : 'data-table'}>
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
              <th key={i} scope="col" className={KIND_CLASS[kinds[i] ?? 'text']}>
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
            rows.map((row, r) => <tr key={r}>{cells(row, kinds)}</tr>)
          )}
        </tbody>
        {foot && rows.length > 0 ? (
          <tfoot>
            <tr>{cells(foot, kinds)}</tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
