import { ACTIVE_STAGES, agencyByCode, STAGES_OF_CONTROL } from '@ciffc/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import type { MessageId } from '../../app/messages.ts';
import { ChartFigure } from '../../shared/charts/ChartFigure.tsx';
import { paletteColour } from '../../shared/charts/palette.ts';
import { categoryAxisProps, useNarrowScreen } from '../../shared/charts/useNarrowScreen.ts';
import { wrappedCategoryAxisProps } from '../../shared/charts/WrappedTick.tsx';
import { LongDay } from '../../shared/format/LongDay.tsx';
import { useFormat } from '../../shared/format/useFormat.ts';
import { STAGE_GROUPS } from '../../shared/map/constants.ts';
import type { DashboardFigures } from './api.ts';

interface Row {
  code: string;
  label: string;
  fires: number;
  hectares: number;
  colour: string;
}

const STAGE_COLOURS: Record<string, string> = {
  ...Object.fromEntries(STAGE_GROUPS.map((g) => [g.key, g.colour])),
  OUT: '#6b6b6b',
};

function FiresBarChart({
  rows,
  name,
  axis = 'code',
}: {
  rows: Row[];
  name: string;
  axis?: 'code' | 'label';
}) {
  const format = useFormat();
  const narrow = useNarrowScreen();
  return (
    <BarChart
      responsive
      accessibilityLayer
      style={{ width: '100%', height: 320 }}
      data={rows}
      margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey={axis}
        {...(axis === 'label'
          ? wrappedCategoryAxisProps(narrow)
          : categoryAxisProps(narrow && rows.length > 6))}
      />
      <YAxis allowDecimals={false} tickFormatter={(v: number) => format.stat(v)} width={56} />
      <Tooltip
        formatter={(v) => format.integer(Number(v))}
        labelFormatter={(key) => rows.find((r) => r[axis] === key)?.label ?? String(key)}
      />
      <Bar dataKey="fires" name={name} stroke="#1d1d1f" isAnimationActive={false}>
        {rows.map((r) => (
          <Cell key={r.code} fill={r.colour} />
        ))}
      </Bar>
    </BarChart>
  );
}

/** The dashboard's two bar charts: fires by stage of control and by agency, since January 1. */
export function DashboardCharts({ figures }: { figures: DashboardFigures }) {
  const intl = useIntl();
  const format = useFormat();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const year = figures.from_date.slice(0, 4);
  const lang = format.locale;

  const byStage: Row[] = STAGES_OF_CONTROL.map((stage) => {
    const r = figures.by_stage.find((s) => s.stage_of_control === stage);
    return {
      code: stage,
      label: t(`dashboard.stage.${stage}`),
      fires: r?.fire_count ?? 0,
      hectares: r?.area_sum ?? 0,
      colour: STAGE_COLOURS[stage] ?? '#000',
    };
  });
  const byAgency: Row[] = figures.by_agency.map((r, i) => ({
    code: r.agency_code.toUpperCase(),
    label: agencyByCode(r.agency_code)?.name[lang] ?? r.agency_code.toUpperCase(),
    fires: r.fire_count,
    hectares: r.area_sum,
    colour: paletteColour(i),
  }));

  const common = {
    exportLabel: t('dashboard.chart.export'),
    tableLabel: t('dashboard.chart.table'),
    // The newest day among the fires counted, as the cards above say it.
    description: figures.as_of ? (
      <FormattedMessage
        id="dashboard.chart.periodAsOf"
        values={{ year, date: <LongDay day={figures.as_of} /> }}
      />
    ) : (
      t('dashboard.chart.period', { year })
    ),
  };
  const firesColumn = {
    label: t('dashboard.chart.fires'),
    value: (r: Row) => r.fires,
    display: (r: Row) => format.integer(r.fires),
  };
  const hectaresColumn = {
    label: t('dashboard.chart.hectares'),
    value: (r: Row) => r.hectares,
    display: (r: Row) => format.hectares(r.hectares),
  };

  return (
    <div className="dashboard-charts">
      <ChartFigure
        {...common}
        title={t('dashboard.chart.byStage')}
        fileName="fires-by-stage-of-control.csv"
        rows={byStage}
        columns={[{ label: t('dashboard.chart.stage'), value: (r) => r.label }, firesColumn, hectaresColumn]}
      >
        {/* Active stages only (the current picture's rule): OUT, many times larger, flattened them;
            it stays in the table, and the note below names the OUT stage's own row. */}
        <FiresBarChart
          rows={byStage.filter((r) => (ACTIVE_STAGES as readonly string[]).includes(r.code))}
          name={t('dashboard.chart.fires')}
          axis="label"
        />
        <p className="chart-note">
          {t('dashboard.chart.outNote', {
            count: format.integer(byStage.find((r) => r.code === 'OUT')?.fires ?? 0),
          })}
        </p>
      </ChartFigure>
      <ChartFigure
        {...common}
        title={t('dashboard.chart.byAgency')}
        fileName="fires-by-agency.csv"
        rows={byAgency}
        columns={[
          { label: t('dashboard.chart.agency'), value: (r) => r.label },
          { label: t('dashboard.chart.agencyCode'), value: (r) => r.code },
          firesColumn,
          hectaresColumn,
        ]}
      >
        <FiresBarChart rows={byAgency} name={t('dashboard.chart.fires')} />
      </ChartFigure>
    </div>
  );
}
