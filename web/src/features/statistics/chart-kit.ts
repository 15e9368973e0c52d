import { type MessageDescriptor, useIntl } from 'react-intl';
import { paletteColour } from '../../shared/charts/palette.ts';
import { useNarrowScreen } from '../../shared/charts/useNarrowScreen.ts';
import { useFormat } from '../../shared/format/useFormat.ts';

export const CURRENT = paletteColour(0);
export const COMPARE = paletteColour(1);
export const CHART_STYLE = { width: '100%', height: 340 };
export const MARGIN = { top: 8, right: 16, bottom: 8, left: 8 };

/** What every chart of the page formats with: labels, numbers in the page's language, ticks, tooltips. */
export function useChartKit() {
  const intl = useIntl();
  const format = useFormat();
  const narrow = useNarrowScreen();
  // The id's type is the site's catalogue once message ids are typed (app/messages.ts), a string before.
  const t = (id: NonNullable<MessageDescriptor['id']>, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  return {
    intl,
    format,
    narrow,
    t,
    common: {
      exportLabel: t('statistics.export'),
      tableLabel: t('statistics.table'),
      plotHeight: CHART_STYLE.height,
    },
    int: (v: number | null) => (v === null ? '' : format.integer(v)),
    dec: (v: number | null) => (v === null ? '' : format.decimal(v)),
    ha: (v: number | null) => (v === null ? '' : format.hectares(v)),
    axisTick: (v: number) => format.stat(v),
    tooltipValue: (v: unknown) =>
      typeof v === 'number' ? format.decimal(v).replace(/[.,]0$/, '') : String(v),
  };
}
