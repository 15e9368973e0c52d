import {
  NATIONAL_MOB_COLUMNS,
  type NationalMobColumn,
  type NationalMobTable,
  nationalMobColumnTotals,
  nationalMobRowTotal,
  RESOURCE_COUNT_MAX,
  type ResourceIndex,
} from '@ciffc/contracts';
import { useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { NumberInput } from '../../shared/format/NumberInput.tsx';
import { useOverflowsSideways } from '../../shared/hooks/useOverflowsSideways.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { columnLabel } from './places.ts';
import { resourceName } from './resource-name.ts';

interface GridProps {
  side: 'to' | 'from';
  table: NationalMobTable;
  index: ResourceIndex | undefined;
  disabled: boolean;
  errors: Record<string, string>;
  onCell: (short: string, column: NationalMobColumn, value: number | null) => void;
  onBlurCell: (event: React.FocusEvent<HTMLInputElement>, name: string) => void;
  onRemove: (short: string) => void;
}

/** One national mobilization grid: a row per resource, a numeric column per agency plus CIFFC, Fed, Intl, and the Total. */
export function NationalMobGrid({
  side,
  table,
  index,
  disabled,
  errors,
  onCell,
  onBlurCell,
  onRemove,
}: GridProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const field = side === 'to' ? 'national_to_mobs' : 'national_from_mobs';
  const rows = Object.entries(table);
  const totals = nationalMobColumnTotals(table);
  const caption = t(side === 'to' ? 'nationalSitrep.nationalMobs.to' : 'nationalSitrep.nationalMobs.from');
  const box = useRef<HTMLElement>(null);
  const overflows = useOverflowsSideways(box);
  const hintId = useId();
  return (
    <>
      {overflows ? (
        <p id={hintId} className="field-hint table-scroll-hint">
          {t('nationalSitrep.nationalMobs.scrollHint', {
            last: NATIONAL_MOB_COLUMNS.slice(-4)
              .map((c) => columnLabel(c, locale))
              .concat(t('nationalSitrep.total'))
              .join(', '),
          })}
        </p>
      ) : null}
      <section
        ref={box}
        className="table-scroll"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-label={caption}
        aria-describedby={overflows ? hintId : undefined}
      >
        <table className="data-table national-mob-grid">
          <caption>
            {t(side === 'to' ? 'nationalSitrep.nationalMobs.to' : 'nationalSitrep.nationalMobs.from')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('nationalSitrep.resource')}</th>
              {NATIONAL_MOB_COLUMNS.map((c) => (
                <th scope="col" key={c}>
                  {columnLabel(c, locale)}
                </th>
              ))}
              <th scope="col">{t('nationalSitrep.total')}</th>
              {disabled ? null : (
                <th scope="col">
                  <span className="visually-hidden">{t('nationalSitrep.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={NATIONAL_MOB_COLUMNS.length + 3}>{t('nationalSitrep.nationalMobs.empty')}</td>
              </tr>
            ) : null}
            {rows.map(([short, row]) => {
              const name = resourceName(short, index, locale);
              return (
                <tr key={short} data-resource={short}>
                  <th scope="row">
                    <abbr title={name}>{short}</abbr>
                  </th>
                  {NATIONAL_MOB_COLUMNS.map((c) => {
                    const fieldName = `${field}.${short}.${c}`;
                    const error = errors[fieldName];
                    const value = row[c];
                    return (
                      <td key={c}>
                        <NumberInput
                          integer
                          min={0}
                          max={RESOURCE_COUNT_MAX}
                          showMessage
                          className="grid-input"
                          name={fieldName}
                          aria-label={t('nationalSitrep.nationalMobs.cell', {
                            resource: name,
                            column: columnLabel(c, locale),
                          })}
                          aria-invalid={error ? true : undefined}
                          title={error}
                          value={value ?? null}
                          disabled={disabled}
                          onValue={(n) => onCell(short, c, n)}
                          onBlur={(e) => onBlurCell(e, fieldName)}
                        />
                      </td>
                    );
                  })}
                  <td>
                    <output aria-label={t('nationalSitrep.nationalMobs.rowTotal', { resource: name })}>
                      {intl.formatNumber(nationalMobRowTotal(row))}
                    </output>
                  </td>
                  {disabled ? null : (
                    <td>
                      <button type="button" className="button button-small" onClick={() => onRemove(short)}>
                        {t('nationalSitrep.remove')}
                        <span className="visually-hidden"> {name}</span>
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
          {rows.length > 0 ? (
            <tfoot>
              <tr>
                <th scope="row">{t('nationalSitrep.total')}</th>
                {NATIONAL_MOB_COLUMNS.map((c) => (
                  <td key={c}>{intl.formatNumber(totals[c] ?? 0)}</td>
                ))}
                <td>{intl.formatNumber(totals.total ?? 0)}</td>
                {disabled ? null : <td />}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </section>
    </>
  );
}
