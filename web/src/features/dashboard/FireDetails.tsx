import { FormattedMessage } from 'react-intl';
import { useFormat } from '../../shared/format/useFormat.ts';
import type { MapFireProperties } from './mapFires.ts';

/** The popup's content: the fire map feature properties of public-site.md section 3. */
export function FireDetails({ fire }: { fire: MapFireProperties }) {
  const format = useFormat();
  return (
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
      <dd>
        <FormattedMessage id={`dashboard.stage.${fire.field_stage_of_control_status}`} />
      </dd>
      <dt>
        <FormattedMessage id="dashboard.popup.response" />
      </dt>
      <dd>
        <FormattedMessage id={`dashboard.response.${fire.field_response_type}`} />
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
  );
}
