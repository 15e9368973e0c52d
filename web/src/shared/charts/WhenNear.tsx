import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/** How far below the screen a slot starts loading: about a screen ahead of the reader. */
const AHEAD = '600px 0px';

/**
 * Renders its children only once its slot comes near the screen (IntersectionObserver), so heavy
 * code below the fold (the charts' library) is not part of the first load. The slot keeps its
 * reserved height (the `className`'s min-height) meanwhile, so nothing below it moves.
 */
export function WhenNear({
  className,
  children,
  placeholder = null,
}: {
  className: string;
  children: ReactNode;
  /** Shown in the slot until it comes near (a full-page view would otherwise show a blank band). */
  placeholder?: ReactNode;
}) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = slot.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition: React draws the slot's content (a chart) in slices, so the page keeps
        // answering while it draws (a phone's Total Blocking Time).
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={slot} className={className}>
      {near ? children : placeholder}
    </div>
  );
}
