import { WILDFIRES_SORTS } from '@ciffc/contracts';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** The orders of WILDFIRES_SORTS as a select; the default (newest first) has no URL value. */
export function SortSelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (sort: string | undefined) => void;
}) {
  const id = useId();
  const intl = useIntl();
  const [defaultSort, ...others] = WILDFIRES_SORTS;
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id="nationalFires.sort" />
      </label>
      <select id={id} name="sort" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{intl.formatMessage({ id: `nationalFires.sort.${defaultSort}` })}</option>
        {others.map((s) => (
          <option key={s} value={s}>
            {intl.formatMessage({ id: `nationalFires.sort.${s}` })}
          </option>
        ))}
      </select>
    </div>
  );
}
