import type { ReactNode } from 'react';

/**
 * A horizontally scrollable wrapper for a wide table. It takes focus so that keyboard users can
 * scroll it (WCAG 2.1.1; axe `scrollable-region-focusable`), and is named after the table. A group,
 * not a region landmark: the section around it usually carries the same name (axe landmark-unique).
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
    // biome-ignore lint/a11y/useSemanticElements: a named scrolling box, not a group of form fields
    <div className="fires-table-wrap" tabIndex={0} role="group" aria-label={label} aria-busy={busy}>
      {children}
    </div>
  );
}
