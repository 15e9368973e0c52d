import type { ReactNode } from 'react';

/**
 * A wide table scrolls inside this box instead of widening the page on a phone. The box is
 * focusable and named so a keyboard user can scroll it too (WCAG 2.1.1).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
