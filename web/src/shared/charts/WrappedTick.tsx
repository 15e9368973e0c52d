import { Text } from 'recharts';

/** What Recharts hands a custom tick: the axis' width and how many ticks share it. */
interface TickProps {
  x?: number;
  y?: number;
  width?: number;
  visibleTicksCount?: number;
  payload?: { value?: unknown };
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  fill?: string;
  fontSize?: number | string;
}

/**
 * A category label broken between words to the width of its own band, so that long names ("Out of
 * Control", "Hors de contrôle") stand on two lines under their bar on a phone instead of running
 * into the next one. A single word wider than its band is never cut.
 */
function WrappedTick({
  x,
  y,
  width = 0,
  visibleTicksCount = 1,
  payload,
  textAnchor,
  fill,
  fontSize,
}: TickProps) {
  // A little air between neighbours' bands.
  const band = Math.max(width / Math.max(visibleTicksCount, 1) - 6, 1);
  return (
    <Text
      className="recharts-cartesian-axis-tick-value"
      x={x}
      y={y}
      width={band}
      textAnchor={textAnchor ?? 'middle'}
      verticalAnchor="start"
      fill={fill}
      fontSize={fontSize}
    >
      {String(payload?.value ?? '')}
    </Text>
  );
}

/**
 * Category axis props for names (stages of control): each label wrapped to its band; on a phone the
 * axis keeps room for two lines of smaller type.
 */
export function wrappedCategoryAxisProps(narrow: boolean) {
  return narrow
    ? { interval: 0, height: 44, tick: <WrappedTick fontSize={12} /> }
    : { interval: 0, tick: <WrappedTick /> };
}
