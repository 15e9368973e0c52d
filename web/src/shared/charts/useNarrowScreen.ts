import { useSyncExternalStore } from 'react';

/** The width below which the site switches to its phone layout (styles.css uses the same 48rem). */
export const NARROW_QUERY = '(max-width: 48rem)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(NARROW_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True on a phone-sized screen now (outside React: a component follows it with useNarrowScreen). */
export function isNarrowScreen(): boolean {
  return query()?.matches ?? false;
}

/** True on a phone-sized screen: charts then turn or thin out their axis labels so they do not overlap. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrowScreen, () => false);
}

/**
 * Category axis labels (agency codes) that all fit: upright on a wide screen, turned a quarter on a
 * phone where 13 codes side by side overlap.
 */
export function categoryAxisProps(narrow: boolean) {
  return narrow
    ? ({ interval: 0, angle: -90, textAnchor: 'end', height: 44, dx: -4, tick: { fontSize: 12 } } as const)
    : ({ interval: 0 } as const);
}
