import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element is wider inside than its box (a table that scrolls sideways), followed as
 * the window, the element or its content change size: the page then says so in words, since a
 * scroll bar alone is easy to miss and is not announced.
 */
export function useOverflowsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}
