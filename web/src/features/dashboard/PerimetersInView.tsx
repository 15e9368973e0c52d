import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../shared/format/useFormat.ts';
import { FIRES_IN_VIEW_LIMIT, largest } from './FiresInView.tsx';
import type { MapPerimeterProperties } from './map-perimeters.ts';

const comparePerimeters = (a: MapPerimeterProperties, b: MapPerimeterProperties) =>
  b.area_ha - a.area_ha || a.id - b.id;

/** The largest perimeters of a set by mapped area, largest first; ties go by the capture's id. */
export function largestPerimeters(
  perimeters: Iterable<MapPerimeterProperties>,
  limit = FIRES_IN_VIEW_LIMIT,
): MapPerimeterProperties[] {
  return largest(perimeters, comparePerimeters, limit);
}

/**
 * The keyboard way to any perimeter's popup, as the fires list is to a fire's: the largest
 * perimeters drawn in the view, each a button, in a disclosure that costs one tab stop while
 * closed. It reaches the perimeters whose fire is not among the largest fires in view, and those of
 * no reported fire, which the fires list cannot offer.
 */
export function PerimetersInView({
  perimeters,
  total,
  onOpen,
}: {
  /** Already cut to the largest, largest first. */
  perimeters: MapPerimeterProperties[];
  /** Perimeters drawn in the view. */
  total: number;
  onOpen: (perimeter: MapPerimeterProperties, trigger: HTMLElement) => void;
}) {
  const intl = useIntl();
  const format = useFormat();
  const describe = (p: MapPerimeterProperties) => {
    const agency = p.agency_code ? ` (${p.agency_code.toUpperCase()})` : '';
    return intl.formatMessage(
      { id: 'dashboard.perimetersInView.item' },
      {
        who: p.agency_fire_id ? `${p.agency_fire_id}${agency}` : 'none',
        unmatched: p.agency_fire_id && p.fire_size === null ? 'yes' : 'no',
        area: format.hectares(p.area_ha),
      },
    );
  };
  return (
    <details className="perimeters-in-view">
      <summary>
        <FormattedMessage
          id="dashboard.perimetersInView.summary"
          values={{ shown: perimeters.length, total: format.integer(total) }}
        />
      </summary>
      {perimeters.length === 0 ? (
        <p>
          <FormattedMessage id="dashboard.perimetersInView.none" />
        </p>
      ) : (
        <ol>
          {perimeters.map((p) => (
            <li key={p.id}>
              <button type="button" className="link-button" onClick={(e) => onOpen(p, e.currentTarget)}>
                {describe(p)}
              </button>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
