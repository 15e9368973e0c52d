import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../shared/format/useFormat.ts';
import { codeText } from '../../shared/i18n/message-id.ts';
import type { MapFireProperties } from './map-fires.ts';

/** How many fires the keyboard list offers: enough to reach the fires that matter, short to tab through. */
export const FIRES_IN_VIEW_LIMIT = 20;

/**
 * The first `limit` items of a set in `compare`'s order (a total order, so the list does not
 * reorder between renders). One pass with a short sorted buffer, so 5,000 drawn items cost little.
 */
export function largest<T>(items: Iterable<T>, compare: (a: T, b: T) => number, limit: number): T[] {
  const top: T[] = [];
  for (const item of items) {
    if (top.length === limit && compare(item, top[limit - 1] as T) >= 0) continue;
    const at = top.findIndex((t) => compare(item, t) < 0);
    top.splice(at === -1 ? top.length : at, 0, item);
    if (top.length > limit) top.pop();
  }
  return top;
}

/** The largest fires of a set, largest first; ties go by agency and fire id. */
export function largestFires(
  fires: Iterable<MapFireProperties>,
  limit = FIRES_IN_VIEW_LIMIT,
): MapFireProperties[] {
  return largest(fires, compareFires, limit);
}

function compareFires(a: MapFireProperties, b: MapFireProperties): number {
  return (
    b.field_fire_size - a.field_fire_size ||
    a.field_agency_code.localeCompare(b.field_agency_code) ||
    a.field_agency_fire_id.localeCompare(b.field_agency_fire_id)
  );
}

/** A fire's key among the perimeters drawn: agency code and agency fire id. */
export const perimeterKey = (agency: string | null, fireId: string | null) =>
  `${agency ?? ''}\u0000${fireId ?? ''}`;

/**
 * The keyboard way to a fire's popup: the map's markers are drawn on a canvas and only a pointer can
 * pick one, so the largest fires in the current view are also buttons, in a disclosure that costs
 * one tab stop while closed. A fire with a perimeter drawn has a second button beside it, which
 * opens the perimeter's popup (its captures over time among them).
 */
export function FiresInView({
  fires,
  total,
  onOpen,
  withPerimeter,
  onOpenPerimeter,
}: {
  /** Already cut to the largest, largest first. */
  fires: MapFireProperties[];
  /** Fires drawn in the view. */
  total: number;
  onOpen: (key: number, trigger: HTMLElement) => void;
  /** The fires with a perimeter on the map (`perimeterKey`), said in the list. */
  withPerimeter?: ReadonlySet<string> | undefined;
  /** Opens the popup of the fire's perimeter; without it, no perimeter button. */
  onOpenPerimeter?: ((fire: MapFireProperties, trigger: HTMLElement) => void) | undefined;
}) {
  const intl = useIntl();
  const format = useFormat();
  const describe = (fire: MapFireProperties) =>
    intl.formatMessage(
      { id: 'dashboard.inView.fire' },
      {
        id: fire.field_agency_fire_id,
        agency: fire.field_agency_code.toUpperCase(),
        size: format.hectares(fire.field_fire_size),
        stage: codeText(intl, 'dashboard.stage.', fire.field_stage_of_control_status),
      },
    );
  return (
    <details className="fires-in-view">
      <summary>
        <FormattedMessage
          id="dashboard.inView.summary"
          values={{ shown: fires.length, total: format.integer(total) }}
        />
      </summary>
      {fires.length === 0 ? (
        <p>
          <FormattedMessage id="dashboard.inView.none" />
        </p>
      ) : (
        <ol>
          {fires.map((fire) => {
            const mapped = withPerimeter?.has(
              perimeterKey(fire.field_agency_code, fire.field_agency_fire_id),
            );
            return (
              <li key={fire.key}>
                <button
                  type="button"
                  className="link-button"
                  onClick={(e) => onOpen(fire.key, e.currentTarget)}
                >
                  {mapped
                    ? intl.formatMessage({ id: 'dashboard.inView.perimeter' }, { fire: describe(fire) })
                    : describe(fire)}
                </button>
                {mapped && onOpenPerimeter ? (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="link-button"
                      onClick={(e) => onOpenPerimeter(fire, e.currentTarget)}
                    >
                      <FormattedMessage
                        id="dashboard.inView.openPerimeter"
                        values={{
                          id: fire.field_agency_fire_id,
                          agency: fire.field_agency_code.toUpperCase(),
                        }}
                      />
                    </button>
                  </>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </details>
  );
}
