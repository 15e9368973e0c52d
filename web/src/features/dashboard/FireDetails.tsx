import { AGENCIES, normaliseCause } from '@ciffc/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFormat } from '../../shared/format/useFormat.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { codeText } from '../../shared/i18n/message-id.ts';
import type { MapFireProperties } from './map-fires.ts';

/** The agency's priority-wildfire page where it has one, else its web site (docs/spec/public-site.md section 3). */
function agencyLink(code: string): { href: string; name: { en: string; fr: string } } | undefined {
  const agency = AGENCIES.find((a) => a.code === code);
  return agency && { href: agency.website_priority_wildfires ?? agency.website, name: agency.name };
}

/** The popup's content: the fire map feature properties of docs/spec/public-site.md section 3, cause, point and the agency's link. */
export function FireDetails({ fire }: { fire: MapFireProperties }) {
  const intl = useIntl();
  const format = useFormat();
  const { locale } = useLocale();
  const agency = agencyLink(fire.field_agency_code);
  return (
    <>
      <dl className="fire-popup">
        <dt>
          <FormattedMessage id="dashboard.popup.fireId" />
        </dt>
        <dd>
          {fire.field_agency_fire_id} ({fire.field_agency_code.toUpperCase()})
        </dd>
        <dt>
          <FormattedMessage id="dashboard.popup.size" />
        </dt>
        <dd>
          <FormattedMessage
            id="dashboard.hectaresValue"
            values={{ value: format.hectares(fire.field_fire_size) }}
          />
        </dd>
        <dt>
          <FormattedMessage id="dashboard.popup.stage" />
        </dt>
        <dd>{codeText(intl, 'dashboard.stage.', fire.field_stage_of_control_status)}</dd>
        <dt>
          <FormattedMessage id="dashboard.popup.response" />
        </dt>
        <dd>
          {fire.field_response_type ? (
            codeText(intl, 'dashboard.response.', fire.field_response_type)
          ) : (
            <FormattedMessage id="common.notReported" />
          )}
        </dd>
        <dt>
          <FormattedMessage id="dashboard.popup.cause" />
        </dt>
        <dd>
          {/* The catalogue's names, not FIRE_CAUSE_NAMES: fires.ts would bring zod in with the map. */}
          <FormattedMessage
            id={
              fire.field_system_fire_cause
                ? `dashboard.cause.${normaliseCause(fire.field_system_fire_cause)}`
                : 'common.notReported'
            }
          />
        </dd>
        <dt>
          <FormattedMessage id="dashboard.popup.coordinates" />
        </dt>
        <dd>
          <FormattedMessage
            id="dashboard.popup.coordinatesValue"
            values={{ lat: format.coordinate(fire.latitude), lon: format.coordinate(fire.longitude) }}
          />
        </dd>
        <dt>
          <FormattedMessage id="dashboard.popup.statusDate" />
        </dt>
        <dd>{fire.field_status_date}</dd>
        <dt>
          <FormattedMessage id="dashboard.popup.reportDate" />
        </dt>
        <dd>{fire.field_situation_report_date}</dd>
      </dl>
      {agency && (
        <p className="fire-popup-link">
          <a href={agency.href}>
            <FormattedMessage id="dashboard.popup.agencyLink" values={{ agency: agency.name[locale] }} />
          </a>
        </p>
      )}
    </>
  );
}
