import { AGENCIES, agencyByCode, MAP_REGIONS, NUNAVUT } from '@ciffc/contracts';
import { geoConicConformal, geoPath } from 'd3-geo';
import type { Feature } from 'geojson';
import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { type CanadaBaseMap, loadCanadaBaseMap } from '../../shared/map/base-map.ts';
import { STATE_COLOUR, STATE_MESSAGE, type StateView } from './states.ts';

const WIDTH = 640;
const HEIGHT = 560;
/** Parks Canada has no territory of its own: a tile beside the map stands for it. */
const PC_TILE = { x: 16, y: HEIGHT - 70, w: 120, h: 54 };

export interface ApprovalMapProps {
  /** Display state per agency code (lower case); an agency not given is not this user's to see. */
  states: Record<string, StateView | undefined>;
  /** National centre users: each region links to that agency's sitrep. */
  clickable: boolean;
}

/**
 * The approval map of docs/spec/public-site.md ("Agency overview"): the 13 provinces and territories and a
 * Parks Canada tile, coloured by sitrep status; Nunavut is drawn but does not report. An SVG from
 * the shared Canada-only TopoJSON with d3-geo (Lambert conformal conic, as Statistics Canada maps).
 * For national users every region is a link (focusable, Enter follows it); for agency users the
 * map is a picture with a text alternative.
 */
export default function ApprovalMap({ states, clickable }: ApprovalMapProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [base, setBase] = useState<CanadaBaseMap | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadCanadaBaseMap()
      .then((m) => live && setBase(m))
      .catch((error: unknown) => {
        console.error('[overview] base map failed', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);

  const paths = useMemo(() => {
    if (!base) return [];
    const projection = geoConicConformal()
      .rotate([91.87, 0])
      .parallels([49, 77])
      .fitExtent(
        [
          [8, 8],
          [WIDTH - 8, HEIGHT - 8],
        ],
        base.provinces,
      );
    const path = geoPath(projection);
    return base.provinces.features.map((f: Feature) => ({
      code: String(f.id).toLowerCase(),
      d: path(f) ?? '',
    }));
  }, [base]);

  const name = (code: string) =>
    code === NUNAVUT.code ? NUNAVUT.name[locale] : (agencyByCode(code)?.name[locale] ?? code.toUpperCase());
  const stateText = (code: string) => {
    if (code === NUNAVUT.code) return intl.formatMessage({ id: 'agencyOverview.map.notReporting' });
    const view = states[code];
    if (!view) return intl.formatMessage({ id: 'agencyOverview.map.noInfo' });
    const label = intl.formatMessage({ id: STATE_MESSAGE[view.state] });
    if (view.state !== 'E') return label;
    return `${label} ${intl.formatMessage({ id: view.byYou ? 'agencyOverview.state.byYou' : 'agencyOverview.state.byAgency' })}`;
  };
  // Nunavut does not report; an agency the user may not see is left neutral, not "not started".
  const fill = (code: string) => {
    const view = states[code];
    return code === NUNAVUT.code || !view ? '#f5f5f5' : STATE_COLOUR[view.state];
  };
  const label = (code: string) => `${name(code)}: ${stateText(code)}`;

  const follow = (event: MouseEvent<Element>, code: string) => {
    event.preventDefault();
    navigate(`/agency/sitrep/${code}`);
  };

  const region = (code: string, shape: React.ReactNode) => {
    if (!clickable || code === NUNAVUT.code) {
      return (
        <g key={code} className="approval-region" data-code={code}>
          <title>{label(code)}</title>
          {shape}
        </g>
      );
    }
    return (
      <a
        key={code}
        href={`/agency/sitrep/${code}`}
        className="approval-region approval-region-link"
        data-code={code}
        aria-label={label(code)}
        onClick={(e) => follow(e, code)}
      >
        <title>{label(code)}</title>
        {shape}
      </a>
    );
  };

  if (failed)
    return <p className="overview-note">{intl.formatMessage({ id: 'agencyOverview.map.failed' })}</p>;

  const ordered = MAP_REGIONS.filter((c) => c !== 'pc');
  const summary = AGENCIES.filter((a) => states[a.code])
    .map((a) => label(a.code))
    .join('; ');

  return (
    <svg
      className="approval-map"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role={clickable ? 'group' : 'img'}
      aria-label={`${intl.formatMessage({ id: 'agencyOverview.map.title' })}${clickable ? '' : `. ${summary}`}`}
      aria-busy={!base}
    >
      {ordered.map((code) => {
        const p = paths.find((x) => x.code === code);
        if (!p) return null;
        return region(code, <path d={p.d} fill={fill(code)} stroke="#ffffff" strokeWidth={0.8} />);
      })}
      {region(
        'pc',
        <g>
          <rect
            x={PC_TILE.x}
            y={PC_TILE.y}
            width={PC_TILE.w}
            height={PC_TILE.h}
            rx={4}
            fill={fill('pc')}
            stroke="#555"
          />
          <text
            x={PC_TILE.x + PC_TILE.w / 2}
            y={PC_TILE.y + 22}
            textAnchor="middle"
            fontSize="14"
            fontWeight="bold"
          >
            PC
          </text>
          <text x={PC_TILE.x + PC_TILE.w / 2} y={PC_TILE.y + 42} textAnchor="middle" fontSize="11">
            {name('pc')}
          </text>
        </g>,
      )}
    </svg>
  );
}
