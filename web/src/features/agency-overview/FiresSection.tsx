import { AGENCIES } from '@ciffc/contracts';
import { useIntl } from 'react-intl';
import { useFormat } from '../../shared/format/useFormat.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { TableScroll } from '../../shared/ui/TableScroll.tsx';
import type { useOverviewData } from './api.ts';
import { HeaderRow } from './HeaderRow.tsx';
import { OverviewSection } from './OverviewSection.tsx';
import { loadState } from './query-state.tsx';

/** Every agency's fires this year and today. */
export function FiresSection({ wildfires }: { wildfires: ReturnType<typeof useOverviewData>['wildfires'] }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const format = useFormat();
  return (
    <OverviewSection id="fires" titleId="agencyOverview.fires.heading">
      {loadState(wildfires) ?? (
        <TableScroll label={intl.formatMessage({ id: 'agencyOverview.fires.heading' })}>
          <table className="overview-table">
            <HeaderRow
              ids={['agencyOverview.col.agency', 'agencyOverview.fires.ytd', 'agencyOverview.fires.today']}
            />
            <tbody>
              {AGENCIES.map((a) => {
                const row = wildfires.data?.items.find((i) => i.agency_code.toLowerCase() === a.code);
                return (
                  <tr key={a.code}>
                    <th scope="row">{a.name[locale]}</th>
                    <td className="num">{format.integer(row?.ytd_fires ?? 0)}</td>
                    <td className="num">{format.integer(row?.fires_today ?? 0)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </OverviewSection>
  );
}
