import type { DashboardFigures } from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, lazy, memo, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { WhenNear } from '../../shared/charts/WhenNear.tsx';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { dashboardFiguresQuery, type SeasonRange, seasonRange } from './api.ts';
import { DataAsOf } from './DataAsOf.tsx';
import { EmbedMapSnippet } from './EmbedMapSnippet.tsx';
import { FiresMap, type MapFocus } from './FiresMap.tsx';
import { NationalPicture } from './NationalPicture.tsx';
import { DocumentLinks, PreparednessPanel } from './PreparednessPanel.tsx';
import { StatCards } from './StatCards.tsx';
import './dashboard.css';

// Recharts is about 100 KB (brotli): the charts sit below the map, so they load only when scrolled near.
const DashboardCharts = lazy(() =>
  import('./DashboardCharts.tsx').then((m) => ({ default: m.DashboardCharts })),
);

/**
 * Home dashboard (/ and /dashboard): fires map with legend toggles, stat cards, the two bar charts,
 * the national preparedness level and the link to the latest national situation report, and the
 * reference PDFs. /map shows the same page embedded (the layout drops the top bar).
 *
 * The page itself asks for nothing: each section asks for its own answer, so that an answer
 * re-renders its section and not the whole page. React Query's answers render synchronously and in
 * one piece; the sections draw them from a deferred copy behind `memo`, which React renders in
 * slices (on a phone's 4x slower CPU, each answer was a task of 100-190 ms: Total Blocking Time).
 */
export function DashboardPage({
  embedded = false,
  nearMe: NearMe,
}: {
  embedded?: boolean;
  /** "Fires near me", given by the app (features do not import each other): it moves the map. */
  nearMe?: ComponentType<{ onFocus: (focus: MapFocus | undefined) => void }>;
}) {
  const range = useMemo(() => seasonRange(), []);
  const [focus, setFocus] = useState<MapFocus>();

  return (
    <div className={embedded ? 'dashboard dashboard-embedded' : 'dashboard'}>
      <PageHeader titleId="dashboard.title" />
      {/* The national picture first: on a phone's first screen and above the map on a laptop. */}
      <NationalPicture range={range} />
      {/* An embedded map is there to be seen: it never waits for a tap. */}
      {NearMe ? <NearMe onFocus={setFocus} /> : null}
      <FiresMap waitOnPhone={!embedded} focus={focus} />
      <div className="dashboard-panels">
        <PreparednessPanel />
        <DocumentLinks />
      </div>
      <SeasonFigures range={range} />
      <DataAsOf />
      {/* Offered on the site's own dashboard, not inside another site's frame. */}
      {!embedded && <EmbedMapSnippet />}
    </div>
  );
}

/** The season's counters and the two charts. */
function SeasonFigures({ range }: { range: SeasonRange }) {
  const figures = useQuery(dashboardFiguresQuery(range));
  const data = useDeferredValue(figures.data);
  return figures.isError ? <ErrorBox /> : <SeasonFiguresView data={data} />;
}

// The cards stand with a dash until their figures arrive, and the charts' slot keeps its height, so
// nothing moves as the answers come in (CLS).
const SeasonFiguresView = memo(function SeasonFiguresView({ data }: { data: DashboardFigures | undefined }) {
  return (
    <>
      <StatCards
        asOf={data?.as_of}
        cards={[
          { labelId: 'dashboard.stats.ytdFires', value: data?.fires },
          { labelId: 'dashboard.stats.ytdHectares', value: data?.hectares, unit: 'hectares' },
        ]}
      />
      <WhenNear
        className="dashboard-charts-slot"
        placeholder={<div className="charts-skeleton" aria-hidden="true" />}
      >
        {data ? (
          <Suspense fallback={<Loading />}>
            <DashboardCharts figures={data} />
          </Suspense>
        ) : (
          <Loading />
        )}
      </WhenNear>
    </>
  );
});
