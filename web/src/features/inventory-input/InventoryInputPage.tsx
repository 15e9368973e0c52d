import {
  EMPTY_RESOURCE_CHOICE,
  INVENTORY_COUNT_MAX,
  type InventoryForm,
  type InventoryRow,
  type ResourceChoice,
  rowErrors,
  type ValidationErrors,
  validateInventoryRows,
} from '@ciffc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/http.ts';
import { ReauthDialog } from '../../shared/auth/ReauthDialog.tsx';
import { keepSessionWhileEditing } from '../../shared/auth/session.ts';
import { OfflineNotice } from '../../shared/editing/ConnectionStatus.tsx';
import { tabSessionId } from '../../shared/editing/engine.ts';
import { fieldTexts, serverText } from '../../shared/editing/server-text.ts';
import { NumberInput } from '../../shared/format/NumberInput.tsx';
import { useResourceOptions } from '../../shared/resources/api.ts';
import { ResourcePicker } from '../../shared/resources/ResourcePicker.tsx';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useToast } from '../../shared/ui/Toast.tsx';
import { inventoryInputQuery, saveInventory, validateInventory } from './api.ts';
import './inventory-input.css';

/** A row as the form holds it: counts as read (null when empty or refused: "This field is required."). */
interface FormRow {
  key: string;
  id?: string | undefined;
  resources: ResourceChoice;
  seasonal: number | null;
  exportable: number | null;
  is_new: 0 | 1;
}

let nextKey = 1;
const newKey = () => `row-${nextKey++}`;

const fromServer = (r: InventoryRow): FormRow => ({
  key: newKey(),
  id: r.id,
  resources: r.resources,
  seasonal: r.seasonal,
  exportable: r.exportable,
  is_new: 0,
});

type RowField = 'seasonal' | 'exportable' | 'resources.category' | 'resources.subcategory' | 'resources.item';
const PICKER_FIELDS = ['resources.category', 'resources.subcategory', 'resources.item'] as const;
const touchKey = (row: FormRow, field: RowField) => `${row.key}:${field}`;

/** The picker field the user changed: the first that differs (its children were cleared by it). */
function changedPickerField(before: ResourceChoice, after: ResourceChoice): RowField | undefined {
  const field = (['category', 'subcategory', 'item'] as const).find((f) => before[f] !== after[f]);
  return field ? `resources.${field}` : undefined;
}

/**
 * The client rule messages the user may see: docs/spec/data-entry.md 5.1 checks a field when it is left or
 * changed, so a new row's untouched fields stay quiet (Save still reads Blocked); saved rows were
 * already entered, so their messages always show. Server findings always show.
 */
function visibleClientErrors(
  clientErrors: Record<string, string>,
  rows: FormRow[],
  touched: ReadonlySet<string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(clientErrors)) {
    const [, index, ...rest] = key.split('.');
    const row = rows[Number(index)];
    if (!row || row.is_new === 0 || touched.has(touchKey(row, rest.join('.') as RowField)))
      out[key] = message;
  }
  return out;
}

function bodyOf(error: unknown): { locked?: boolean; validationErrors?: ValidationErrors } | undefined {
  return error instanceof ApiError && error.body && typeof error.body === 'object'
    ? (error.body as { locked?: boolean; validationErrors?: ValidationErrors })
    : undefined;
}

const hasAny = (errors: Record<string, unknown> | undefined) => Object.keys(errors ?? {}).length > 0;

function toForm(rows: FormRow[], removed: FormRow[]): InventoryForm {
  const row = (r: FormRow) => ({
    ...(r.id ? { id: r.id } : {}),
    resources: r.resources,
    seasonal: r.seasonal as number,
    exportable: r.exportable as number,
    is_new: r.is_new,
    key: r.key,
  });
  return { inventory: rows.map(row), inventory_to_remove: removed.map(row) };
}

export function InventoryInputPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const input = useQuery(inventoryInputQuery());
  const { index } = useResourceOptions();
  const idBase = useId();

  const [rows, setRows] = useState<FormRow[] | null>(null);
  const [removed, setRemoved] = useState<FormRow[]>([]);
  const [serverErrors, setServerErrors] = useState<ValidationErrors>({});
  const [locked, setLocked] = useState(false);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  // A count the number input refused, by row key and field: its message wins over "required".
  const [refused, setRefused] = useState<Record<string, string>>({});
  const inFlight = useRef<AbortController | null>(null);
  // A save answered 401 (the session lapsed): the rows stay, the dialog asks to sign in here.
  const [reauth, setReauth] = useState(false);
  useEffect(() => keepSessionWhileEditing(), []);

  useEffect(() => {
    if (input.data && rows === null) {
      setRows(input.data.inventory.map(fromServer));
      setLocked(input.data.locked);
    }
  }, [input.data, rows]);

  useEffect(() => () => inFlight.current?.abort(), []);

  // The browser asks before unload while a change is not saved (nothing typed is lost).
  const baseline = useMemo(() => JSON.stringify(input.data?.inventory.map(fromServer) ?? []), [input.data]);
  const unsaved = rows !== null && (removed.length > 0 || JSON.stringify(rows) !== baseline);
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  if (input.isPending)
    return (
      <>
        <PageHeader titleId="inventoryInput.title" />
        <Loading />
      </>
    );
  if (input.isError || !rows)
    return (
      <>
        <PageHeader titleId="inventoryInput.title" />
        {input.isError ? <ErrorBox /> : <Loading />}
      </>
    );

  const form = toForm(rows, removed);
  // The rules, run here and by the server, answer codes: both are shown in the page's language.
  const clientErrors = fieldTexts(
    validateInventoryRows(
      form.inventory.map((r) => ({
        ...r,
        seasonal: r.seasonal as number,
        exportable: r.exportable as number,
      })),
      index,
    ),
    intl,
  );
  const localServerErrors = fieldTexts(serverErrors, intl);
  const refusedErrors: Record<string, string> = {};
  rows.forEach((r, i) => {
    for (const field of ['seasonal', 'exportable'] as const) {
      const message = refused[`${r.key}:${field}`];
      if (message) refusedErrors[`inventory.${i}.${field}`] = message;
    }
  });
  const errors = { ...localServerErrors, ...clientErrors, ...refusedErrors };
  const shownErrors = {
    ...localServerErrors,
    ...visibleClientErrors(clientErrors, rows, touched),
    ...refusedErrors,
  };
  const hasErrors = Object.keys(errors).length > 0;
  const blocked = locked || hasErrors;
  const saveDisabled = rows.length === 0 || blocked || saving;

  /** The server's check of the rows (blur): a newer check cancels the one in flight. */
  const serverValidate = async (nextRows: FormRow[], nextRemoved: FormRow[]) => {
    const nextForm = toForm(nextRows, nextRemoved);
    if (Object.keys(validateInventoryRows(nextForm.inventory, index)).length > 0) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const result = await validateInventory(nextForm, controller.signal);
      setLocked(result.locked);
      setServerErrors(result.validationErrors ?? {});
    } catch (error) {
      if (controller.signal.aborted) return;
      const body = bodyOf(error);
      if (!body) {
        console.error('[inventory] validation call failed', error);
        return;
      }
      if (typeof body.locked === 'boolean') setLocked(body.locked);
      setServerErrors(body.validationErrors ?? {});
      if (hasAny(body.validationErrors)) toast.error(t('inventoryInput.validationToast'));
    }
  };

  const touch = (row: FormRow, fields: readonly RowField[]) =>
    setTouched((set) => new Set([...set, ...fields.map((f) => touchKey(row, f))]));

  /** Leaving a field (5.1): its rule messages show; if it breaks a rule the toast says sync waits. */
  const leave = (row: FormRow, rowIndex: number, fields: readonly RowField[]) => {
    touch(row, fields);
    if (fields.some((f) => errors[`inventory.${rowIndex}.${f}`]))
      toast.error(t('inventoryInput.validationToast'));
    else void serverValidate(rows, removed);
  };

  const update = (key: string, patch: Partial<FormRow>) => {
    setRows((list) => (list ?? []).map((r) => (r.key === key ? { ...r, ...patch } : r)));
    // Server findings about the changed row are stale now; the client rules run on every render.
    setServerErrors({});
  };

  const addRow = () => {
    setRows((list) => [
      ...(list ?? []),
      { key: newKey(), resources: { ...EMPTY_RESOURCE_CHOICE }, seasonal: 0, exportable: 0, is_new: 1 },
    ]);
  };

  const removeRow = (row: FormRow) => {
    if (!window.confirm(t('inventoryInput.confirmDelete'))) return;
    const nextRows = rows.filter((r) => r.key !== row.key);
    const nextRemoved = row.is_new === 1 || !row.id ? removed : [...removed, row];
    setRows(nextRows);
    setRemoved(nextRemoved);
    setServerErrors({});
    void serverValidate(nextRows, nextRemoved);
  };

  const onSave = async () => {
    if (saveDisabled) return;
    setSaving(true);
    try {
      // Based on the version loaded, with the tab's session: a save made elsewhere since is a 409.
      const result = await saveInventory({
        ...form,
        version_number: input.data?.version_number ?? 0,
        edit_session: tabSessionId(),
      });
      setLocked(result.locked);
      await queryClient.invalidateQueries({ queryKey: ['inventory-national'] });
      window.alert(t('inventoryInput.saved'));
      navigate('/agency');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setReauth(true);
        return;
      }
      const body = bodyOf(error);
      if (body && typeof body.locked === 'boolean') setLocked(body.locked);
      if (body?.validationErrors) setServerErrors(body.validationErrors);
      toast.error(
        hasAny(body?.validationErrors) ? t('inventoryInput.validationToast') : serverText(error, intl),
      );
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (rowIndex: number, field: string) => rowErrors(shownErrors, rowIndex)[field];

  return (
    <div className="inventory-input">
      <PageHeader titleId="inventoryInput.title" />
      <OfflineNotice unsaved={unsaved} />
      <ReauthDialog
        open={reauth}
        onSignedIn={() => {
          setReauth(false);
          // The same rows on the same base version: a save made elsewhere meanwhile is still a 409.
          void onSave();
        }}
      />
      {locked ? (
        <p className="alert alert-warning" role="status">
          <FormattedMessage id="inventoryInput.locked" />
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
      >
        {rows.length === 0 ? (
          <p className="inventory-empty">
            <FormattedMessage id="inventoryInput.empty" />
          </p>
        ) : null}
        <ol className="inventory-rows">
          {rows.map((row, i) => {
            const pickerErrors = rowErrors(shownErrors, i);
            const rowId = `${idBase}-${row.key}`;
            const numberField = (field: 'seasonal' | 'exportable') => {
              const error = fieldError(i, field);
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
                      setRefused(({ [`${row.key}:${field}`]: _, ...rest }) =>
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
              <li key={row.key} className="inventory-row" data-row={i}>
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
                      setRows(nextRows);
                      setServerErrors({});
                      void serverValidate(nextRows, removed);
                    }}
                  />
                  {numberField('seasonal')}
                  {numberField('exportable')}
                  {pickerErrors.id ? <p className="field-error">{pickerErrors.id}</p> : null}
                  {!locked ? (
                    <button type="button" className="button" onClick={() => removeRow(row)}>
                      <FormattedMessage id="inventoryInput.remove" />
                      <span className="visually-hidden"> {t('inventoryInput.row', { n: i + 1 })}</span>
                    </button>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ol>
        {!locked ? (
          <p>
            <button type="button" className="button-link" onClick={addRow}>
              <FormattedMessage id="inventoryInput.add" />
            </button>
          </p>
        ) : null}
        <div className="inventory-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={saveDisabled}
            aria-disabled={saveDisabled}
          >
            <FormattedMessage id={blocked ? 'inventoryInput.blocked' : 'inventoryInput.save'} />
          </button>
          <Link to="/agency">
            <FormattedMessage id="inventoryInput.overview" />
          </Link>
        </div>
      </form>
    </div>
  );
}
