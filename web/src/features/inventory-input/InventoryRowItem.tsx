import { INVENTORY_COUNT_MAX, rowErrors } from '@ciffc/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { NumberInput } from '../../shared/format/NumberInput.tsx';
import { ResourcePicker } from '../../shared/resources/ResourcePicker.tsx';
import { changedPickerField, type FormRow, PICKER_FIELDS } from './inventory-rows.ts';
import type { InventoryInput } from './useInventoryInput.ts';

/** One inventory row: its resource picker, its two counts and its Remove button. */
export function InventoryRowItem({
  row,
  i,
  rowId,
  shownErrors,
  page,
}: {
  row: FormRow;
  i: number;
  rowId: string;
  shownErrors: Record<string, string>;
  page: InventoryInput;
}) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { locked, touch, leave, update } = page;
  const rows = page.rows ?? [];
  const pickerErrors = rowErrors(shownErrors, i);
  const numberField = (field: 'seasonal' | 'exportable') => {
    const error = pickerErrors[field];
    return (
      <div className="field inventory-count">
        <label htmlFor={`${rowId}-${field}`}>{t(`inventoryInput.${field}`)}</label>
        <NumberInput
          id={`${rowId}-${field}`}
          name={`inventory.${i}.${field}`}
          integer
          min={0}
          max={INVENTORY_COUNT_MAX}
          required
          disabled={locked}
          value={row[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${rowId}-${field}-error` : undefined}
          onValue={(n, el) => {
            touch(row, [field]);
            const message = el.validity.customError ? el.validationMessage : '';
            page.setRefused(({ [`${row.key}:${field}`]: _, ...rest }) =>
              message ? { ...rest, [`${row.key}:${field}`]: message } : rest,
            );
            update(row.key, { [field]: n });
          }}
          onBlur={() => leave(row, i, [field])}
        />
        {error ? (
          <p id={`${rowId}-${field}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <li className="inventory-row" data-row={i}>
      <fieldset>
        <legend>{t('inventoryInput.row', { n: i + 1 })}</legend>
        <ResourcePicker
          legend={t('inventoryInput.rowResource', { n: i + 1 })}
          name={`inventory.${i}.resources`}
          value={row.resources}
          disabled={locked}
          errors={{
            category: pickerErrors['resources.category'],
            subcategory: pickerErrors['resources.subcategory'],
            item: pickerErrors['resources.item'],
          }}
          onBlur={() => leave(row, i, PICKER_FIELDS)}
          onChange={(next) => {
            const field = changedPickerField(row.resources, next);
            if (field) touch(row, [field]);
            const nextRows = rows.map((r) => (r.key === row.key ? { ...r, resources: next } : r));
            page.setRows(nextRows);
            page.setServerErrors({});
            void page.serverValidate(nextRows, page.removed);
          }}
        />
        {numberField('seasonal')}
        {numberField('exportable')}
        {pickerErrors.id ? <p className="field-error">{pickerErrors.id}</p> : null}
        {!locked ? (
          <button type="button" className="button" onClick={() => page.removeRow(row)}>
            <FormattedMessage id="inventoryInput.remove" />
            <span className="visually-hidden"> {t('inventoryInput.row', { n: i + 1 })}</span>
          </button>
        ) : null}
      </fieldset>
    </li>
  );
}
