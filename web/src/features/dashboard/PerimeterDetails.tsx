import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../shared/format/useFormat.ts';
import { differenceFromReported, type MapPerimeterProperties } from './map-perimeters.ts';
import { PerimeterCaptures } from './PerimeterCaptures.tsx';

/**
 * The popup of a perimeter: its fire, the mapped area, the capture it is as of, and how it
 * differs from the hectares the agency reports for the fire (they are often measured apart), and
 * the fire's captures over time when more than one is kept.
 */
export function PerimeterDetails({ perimeter }: { perimeter: MapPerimeterProperties }) {
  const format = useFormat();
  const intl = useIntl();
  const difference = differenceFromReported(perimeter);
  const asOf = perimeter.captured_at
    ? intl.formatDate(perimeter.captured_at, { dateStyle: 'long', timeZone: 'UTC' })
    : '';
  const fire = perimeter.agency_fire_id
    ? `${perimeter.agency_fire_id}${perimeter.agency_code ? ` (${perimeter.agency_code.toUpperCase()})` : ''}`
    : null;
  return (
    <div className="perimeter-popup-body">
      <dl className="fire-popup perimeter-popup">
        <dt>
          <FormattedMessage id="dashboard.perimeter.fire" />
        </dt>
        <dd>
          {fire ?? <FormattedMessage id="dashboard.perimeter.unidentified" />}
          {perimeter.fire_name ? ` – ${perimeter.fire_name}` : null}
          {fire && perimeter.fire_size === null ? (
            <>
              {' '}
              <FormattedMessage id="dashboard.perimeter.unmatched" />
            </>
          ) : null}
        </dd>
        <dt>
          <FormattedMessage id="dashboard.perimeter.area" />
        </dt>
        <dd>
          <FormattedMessage
            id="dashboard.hectaresValue"
            values={{ value: format.hectares(perimeter.area_ha) }}
          />
        </dd>
        <dt>
          <FormattedMessage id="dashboard.perimeter.asOf" />
        </dt>
        <dd>
          <FormattedMessage
            id="dashboard.perimeter.asOfValue"
            values={{ date: asOf, captures: perimeter.captures }}
          />
        </dd>
        {perimeter.fire_size !== null ? (
          <>
            <dt>
              <FormattedMessage id="dashboard.perimeter.reported" />
            </dt>
            <dd>
              <FormattedMessage
                id="dashboard.hectaresValue"
                values={{ value: format.hectares(perimeter.fire_size) }}
              />
            </dd>
          </>
        ) : null}
        {difference ? (
          <>
            <dt>
              <FormattedMessage id="dashboard.perimeter.difference" />
            </dt>
            <dd>
              <FormattedMessage
                id="dashboard.perimeter.differenceValue"
                values={{
                  value: intl.formatNumber(Math.round(difference.hectares * 10) / 10, {
                    signDisplay: 'exceptZero',
                  }),
                  share: intl.formatNumber(difference.share, {
                    style: 'percent',
                    maximumFractionDigits: 0,
                    signDisplay: 'exceptZero',
                  }),
                }}
              />
            </dd>
          </>
        ) : null}
      </dl>
      {perimeter.agency_code && perimeter.agency_fire_id && perimeter.captures > 1 ? (
        <PerimeterCaptures agency={perimeter.agency_code} fireId={perimeter.agency_fire_id} />
      ) : null}
    </div>
  );
}
