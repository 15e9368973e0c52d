import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/**
 * A slot draws when it reaches the screen, not ahead of it: on a phone each chart drawn a screen
 * ahead was one more long task while the page loads (a Recharts chart is a task of 0.4-0.6 s at a
 * phone's 4x slower CPU), and a reader who scrolls sees the slot's placeholder for that time instead.
 */
const AHEAD = '0px 0px';

/**
 * Renders its children only once its slot comes near the screen (IntersectionObserver), so heavy
 * code below the fold (the charts' library) is not part of the first load. The slot keeps its
 * reserved height (the `className`'s min-height) meanwhile, so nothing below it moves.
 */
export function WhenNear({
  className,
  children,
  placeholder = null,
  minHeight,
}: {
  className: string;
  /** The slot's reserved height in pixels, when it differs from its class's. */
  minHeight?: number | undefined;
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
    <div ref={slot} className={className} style={minHeight === undefined ? undefined : { minHeight }}>
      {near ? children : placeholder}
    </div>
  );
}
