import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { firePerimetersQuery } from '../../shared/api/perimeters.ts';
import { useFormat } from '../../shared/format/useFormat.ts';

/**
 * The fire's perimeter captures over time in the map's popup (docs/perimeters.md): closed at
 * first, since the popup is small and most readers want the current one; opened, each capture's
 * date and mapped area, oldest first, so the growth reads down the list.
 */
export function PerimeterCaptures({ agency, fireId }: { agency: string; fireId: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="perimeter-popup-captures">
      <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        <FormattedMessage id="dashboard.perimeter.captures.toggle" />
      </button>
      <div id={listId} hidden={!open}>
        {open ? <CapturesList agency={agency} fireId={fireId} /> : null}
      </div>
    </div>
  );
}

function CapturesList({ agency, fireId }: { agency: string; fireId: string }) {
  const intl = useIntl();
  const format = useFormat();
  const query = useQuery(firePerimetersQuery(agency, fireId));
  if (query.isPending)
    return (
      <p role="status">
        <FormattedMessage id="dashboard.perimeter.captures.loading" />
      </p>
    );
  if (query.isError || !query.data)
    return (
      <p role="alert">
        <FormattedMessage id="dashboard.perimeter.captures.failed" />
      </p>
    );
  return (
    <ol aria-label={intl.formatMessage({ id: 'dashboard.perimeter.captures.label' })}>
      {query.data.items.map((c) => (
        <li key={c.id}>
          <FormattedMessage
            id={c.current ? 'dashboard.perimeter.captures.current' : 'dashboard.perimeter.captures.item'}
            values={{
              date: intl.formatDate(c.captured_at, {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: 'UTC',
              }),
              area: format.hectares(c.area_ha),
            }}
          />
        </li>
      ))}
    </ol>
  );
}
