import type { ReactNode } from 'react';

/**
 * A wide table scrolls inside this box instead of widening the page on a phone. The box is
 * focusable and named so a keyboard user can scroll it too (WCAG 2.1.1). It is a group, not a
 * region: its section already is the region of that name, and two regions named alike would be
 * announced twice.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard (WCAG 2.1.1)
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would be wrong here, this is no form group
    <div className="table-scroll" role="group" tabIndex={0} aria-label={label}>
      {children}
    </div>
  );
}
