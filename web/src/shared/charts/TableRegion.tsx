import type { ReactNode } from 'react';

/**
 * A horizontally scrollable wrapper for a wide table. It takes focus so that keyboard users can
 * scroll it (WCAG 2.1.1; axe `scrollable-region-focusable`), and is named after the table.
 */
export function TableRegion({
  label,
  busy,
  children,
}: {
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="fires-table-wrap" tabIndex={0} aria-label={label} aria-busy={busy}>
      {children}
    </section>
  );
}
