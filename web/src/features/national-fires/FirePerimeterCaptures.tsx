import type { FirePerimeters } from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { firePerimetersQuery } from '../../shared/api/perimeters.ts';
import { useFormat } from '../../shared/format/useFormat.ts';
import { codeText } from '../../shared/i18n/message-id.ts';

type Capture = FirePerimeters['items'][number];

/**
 * A fire's perimeter captures over time (docs/perimeters.md): when each was mapped, its area and
 * the change from the capture before, so the fire's growth reads down the table.
 */
export function FirePerimeterCaptures({ agency, fireId }: { agency: string; fireId: string }) {
  const intl = useIntl();
  const query = useQuery(firePerimetersQuery(agency, fireId));
  if (query.isPending)
    return (
      <p role="status">
        <FormattedMessage id="nationalFires.perimeters.loading" />
      </p>
    );
  if (query.isError)
    return (
      <p role="alert">
        <FormattedMessage id="nationalFires.perimeters.failed" />
      </p>
    );
  if (!query.data?.items.length)
    return (
      <p>
        <FormattedMessage id="nationalFires.perimeters.none" />
      </p>
    );
  const caption = intl.formatMessage(
    { id: 'nationalFires.perimeters.caption' },
    { fire: `${fireId} (${agency.toUpperCase()})` },
  );
  return <CapturesTable caption={caption} items={query.data.items} />;
}

function CapturesTable({ caption, items }: { caption: string; items: readonly Capture[] }) {
  const intl = useIntl();
  const format = useFormat();
  // A source newer than the site is shown as stored.
  const sourceName = (source: string) => codeText(intl, 'nationalFires.perimeters.source.', source);
  const when = (iso: string) =>
    intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const change = (area: number, previous: Capture | undefined) =>
    previous
      ? intl.formatNumber(Math.round((area - previous.area_ha) * 10) / 10, { signDisplay: 'exceptZero' })
      : '–';
  return (
    <table className="fire-perimeter-captures">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="nationalFires.perimeters.capturedAt" />
          </th>
          <th scope="col" className="num">
            <FormattedMessage id="nationalFires.perimeters.area" />
          </th>
          <th scope="col" className="num">
            <FormattedMessage id="nationalFires.perimeters.growth" />
          </th>
          <th scope="col">
            <FormattedMessage id="nationalFires.perimeters.source" />
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((c, i) => (
          <tr key={c.id}>
            <th scope="row">
              {when(c.captured_at)}
              {c.current ? (
                <>
                  {' '}
                  <FormattedMessage id="nationalFires.perimeters.current" />
                </>
              ) : null}
            </th>
            <td className="num">{format.hectares(c.area_ha)}</td>
            <td className="num">{change(c.area_ha, items[i - 1])}</td>
            <td>{sourceName(c.source)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
