import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Loading } from '../../shared/ui/Loading.tsx';
import { OverviewSection } from './OverviewSection.tsx';
import { type DisplayState, STATE_COLOUR, STATE_MESSAGE, type StateView } from './states.ts';

// d3-geo, topojson-client and the base map load only when the map is shown.
const ApprovalMap = lazy(() => import('./ApprovalMap.tsx'));

const LEGEND_STATES: DisplayState[] = ['NOTSTARTED', 'N', 'E', 'S', 'R', 'A'];

/** The map of the reports' states with its legend; the national centre opens an agency's draft from it. */
export function ApprovalMapSection({
  mapStates,
  national,
}: {
  mapStates: Record<string, StateView>;
  national: boolean;
}) {
  const intl = useIntl();
  return (
    <OverviewSection id="map" titleId="agencyOverview.map.title">
      <p className="overview-note">
        <FormattedMessage
          id={national ? 'agencyOverview.map.hintNational' : 'agencyOverview.map.hintAgency'}
        />
      </p>
      <div className="approval-map-wrap">
        <Suspense fallback={<Loading />}>
          <ApprovalMap states={mapStates} clickable={national} />
        </Suspense>
        <ul className="approval-legend" aria-label={intl.formatMessage({ id: 'agencyOverview.map.legend' })}>
          {LEGEND_STATES.map((s) => (
            <li key={s}>
              <span className="state-swatch" style={{ background: STATE_COLOUR[s] }} aria-hidden="true" />
              <FormattedMessage id={STATE_MESSAGE[s]} />
            </li>
          ))}
          <li>
            <span className="state-swatch state-swatch-none" aria-hidden="true" />
            <FormattedMessage id="agencyOverview.map.notReporting" /> (NU)
          </li>
        </ul>
      </div>
    </OverviewSection>
  );
}
