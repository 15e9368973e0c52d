import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../shared/format/useFormat.ts';
import type { NearFire } from './api.ts';

/** The nearest active fires, nearest first: a list a screen reader reads item by item. */
export function NearFiresList({ fires }: { fires: readonly NearFire[] }) {
  const intl = useIntl();
  const format = useFormat();
  // Under 10 km a tenth says which way a fire moved; beyond, whole kilometres read faster.
  const km = (d: number) => (d < 10 ? format.decimal(d) : format.integer(d));
  return (
    <ol className="near-me-list" aria-label={intl.formatMessage({ id: 'nearMe.list' })}>
      {fires.map((f) => (
        <li key={`${f.field_agency_code}/${f.field_agency_fire_id}`} className="near-me-fire">
          <p className="near-me-fire-head">
            <strong className="near-me-distance">
              <FormattedMessage
                id="nearMe.distance"
                values={{
                  distance: km(f.distance_km),
                  direction: intl.formatMessage({ id: `nearMe.direction.${f.direction}` }),
                }}
              />
            </strong>{' '}
            <span>
              <FormattedMessage
                id="nearMe.fire"
                values={{ id: f.field_agency_fire_id, agency: f.agency_name }}
              />
            </span>
          </p>
          <ul className="near-me-facts">
            <li>
              <FormattedMessage id="nearMe.stage" values={{ stage: f.stage_name }} />
            </li>
            <li>
              <FormattedMessage id="nearMe.size" values={{ size: format.hectares(f.field_fire_size) }} />
            </li>
            <li>
              {f.perimeter_area_ha === null ? (
                <FormattedMessage id="nearMe.noPerimeter" />
              ) : (
                <FormattedMessage
                  id="nearMe.perimeter"
                  values={{ area: format.hectares(f.perimeter_area_ha) }}
                />
              )}
            </li>
            <li>
              <a href={f.agency_fire_page} target="_blank" rel="noopener noreferrer">
                <FormattedMessage id="nearMe.agencyPage" values={{ agency: f.agency_name }} />
              </a>
            </li>
          </ul>
        </li>
      ))}
    </ol>
  );
}
