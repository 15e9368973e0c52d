import { type ReactNode, useEffect, useRef, useState } from 'react';

/** How far below the screen a slot starts loading: about a screen ahead of the reader. */
const AHEAD = '600px 0px';

/**
 * Renders its children only once its slot comes near the screen (IntersectionObserver), so heavy
 * code below the fold (the charts' library) is not part of the first load. The slot keeps its
 * reserved height (the `className`'s min-height) meanwhile, so nothing below it moves.
 */
export function WhenNear({ className, children }: { className: string; children: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = slot.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={slot} className={className}>
      {near ? children : null}
    </div>
  );
}
