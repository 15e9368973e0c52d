import { type RefObject, useRef } from 'react';

/**
 * A ref that always holds the value of the last render: timers and callbacks of the sync cycle
 * (docs/spec/data-entry.md 4.3) read the current form, claim and errors without being recreated.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
