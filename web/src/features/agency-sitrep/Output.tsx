import { useIntl } from 'react-intl';

/** A computed total, read-only, in the page's number format. */
export function Output({ label, value, decimals = 0 }: { label: string; value: number; decimals?: number }) {
  const intl = useIntl();
  return (
    <div className="field field-total">
      <span className="label">{label}</span>{' '}
      <output aria-label={label}>
        {intl.formatNumber(value, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}
      </output>
    </div>
  );
}
