import {
  FIRE_CAUSE_NAMES,
  type NationalFireRow,
  normaliseCause,
  RESPONSE_TYPE_NAMES,
  type ResponseType,
  STAGE_OF_CONTROL_NAMES,
  type StageOfControl,
} from '@ciffc/contracts';
import { Fragment, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TableRegion } from '../../shared/charts/TableRegion.tsx';
import { useFormat } from '../../shared/format/useFormat.ts';
import { FirePerimeterCaptures } from './FirePerimeterCaptures.tsx';

/** The columns of docs/spec/public-site.md section 2, in order. */
const COLUMNS = [
  'fireId',
  'agency',
  'timezone',
  'reportDate',
  'statusDate',
  'stage',
  'cause',
  'response',
  'size',
  'latitude',
  'longitude',
] as const;

/** Right-aligned, headers included, so a number sits under its heading. */
const NUMBER_COLUMNS = new Set(['size', 'latitude', 'longitude']);

/** One page of the list: a row per fire; on a phone each row becomes a card whose cells carry their heading. */
export function FiresTable({
  items,
  caption,
  busy,
}: {
  items: readonly NationalFireRow[];
  caption: string;
  busy: boolean;
}) {
  const intl = useIntl();
  const format = useFormat();
  const lang = format.locale;
  // On a phone each row becomes a card whose cells carry their heading (national-fires.css).
  const label = (column: (typeof COLUMNS)[number]) =>
    intl.formatMessage({ id: `nationalFires.col.${column}` });
  const stageName = (s: string) => STAGE_OF_CONTROL_NAMES[s as StageOfControl]?.[lang] ?? s;
  const notReported = intl.formatMessage({ id: 'common.notReported' });
  const responseName = (r: string | null) =>
    r === null ? notReported : (RESPONSE_TYPE_NAMES[r as ResponseType]?.[lang] ?? r);
  const causeName = (c: string | null) =>
    c === null ? notReported : FIRE_CAUSE_NAMES[normaliseCause(c)][lang];
  // The fires whose details (perimeter captures) are open, by agency and fire id.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const detailsId = useId();
  const toggle = (key: string) =>
    setOpen((before) => {
      const after = new Set(before);
      if (!after.delete(key)) after.add(key);
      return after;
    });
  return (
    <TableRegion label={caption} busy={busy}>
      <table className="fires-table national-fires-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={NUMBER_COLUMNS.has(c) ? 'num' : undefined}>
                <FormattedMessage id={`nationalFires.col.${c}`} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((f, index) => {
            const key = `${f.field_agency_code}/${f.field_agency_fire_id}`;
            const expanded = open.has(key);
            const details = `${detailsId}-${index}`;
            return (
              <Fragment key={key}>
                <tr>
                  <th scope="row">
                    {/* The fire id opens the fire's details: its perimeter captures over time. */}
                    <button
                      type="button"
                      className="fire-details-toggle"
                      aria-expanded={expanded}
                      aria-controls={expanded ? details : undefined}
                      onClick={() => toggle(key)}
                      aria-label={intl.formatMessage(
                        { id: 'nationalFires.perimeters.toggle' },
                        { fire: f.field_agency_fire_id },
                      )}
                    >
                      {f.field_agency_fire_id}
                    </button>
                  </th>
                  <td data-label={label('agency')}>{f.field_agency_code.toUpperCase()}</td>
                  <td data-label={label('timezone')}>{f.field_agency_data_timezone}</td>
                  <td data-label={label('reportDate')}>{f.field_situation_report_date}</td>
                  <td data-label={label('statusDate')}>{f.field_status_date}</td>
                  <td data-label={label('stage')}>{stageName(f.field_stage_of_control_status)}</td>
                  <td data-label={label('cause')}>{causeName(f.field_system_fire_cause)}</td>
                  <td data-label={label('response')}>{responseName(f.field_response_type)}</td>
                  <td data-label={label('size')} className="num">
                    {format.hectares(f.field_fire_size)}
                  </td>
                  <td data-label={label('latitude')} className="num">
                    {format.coordinate(f.field_latitude)}
                  </td>
                  <td data-label={label('longitude')} className="num">
                    {format.coordinate(f.field_longitude)}
                  </td>
                </tr>
                {expanded ? (
                  <tr className="fire-details-row">
                    <td id={details} colSpan={COLUMNS.length}>
                      <FirePerimeterCaptures agency={f.field_agency_code} fireId={f.field_agency_fire_id} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableRegion>
  );
}
