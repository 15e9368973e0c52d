import { EMPTY_RESOURCE_CHOICE, type ValidationErrors, validateInventoryRows } from '@ciffc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { MessageId } from '../../app/messages.ts';
import { ApiError } from '../../shared/api/http.ts';
import { keepSessionWhileEditing } from '../../shared/auth/session.ts';
import { tabSessionId } from '../../shared/editing/engine.ts';
import { serverText } from '../../shared/editing/server-text.ts';
import { useResourceOptions } from '../../shared/resources/api.ts';
import { useToast } from '../../shared/ui/Toast.tsx';
import { inventoryInputQuery, saveInventory, validateInventory } from './api.ts';
import {
  bodyOf,
  type FormRow,
  fromServer,
  hasAny,
  inventoryView,
  newKey,
  type RowField,
  toForm,
  touchKey,
} from './inventory-rows.ts';

/**
 * What the inventory input page holds: the rows as typed, the rows removed, the server's findings,
 * the lock, the fields touched and the counts refused; the browser asks before unload while a
 * change is not saved.
 */
function useInventoryState() {
  const intl = useIntl();
  const input = useQuery(inventoryInputQuery());
  const { index } = useResourceOptions();

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

  const view = rows ? inventoryView({ rows, removed, serverErrors, refused, touched, index, intl }) : null;
  const blocked = locked || !!view?.hasErrors;
  const saveDisabled = !rows || rows.length === 0 || blocked || saving;
  return {
    intl,
    input,
    index,
    rows,
    setRows,
    removed,
    setRemoved,
    setServerErrors,
    locked,
    setLocked,
    saving,
    setSaving,
    setTouched,
    setRefused,
    inFlight,
    reauth,
    setReauth,
    unsaved,
    view,
    blocked,
    saveDisabled,
  };
}

type InventoryState = ReturnType<typeof useInventoryState>;

/** The page's actions: the server's check on leaving a field, row changes, and Save. */
function useInventoryActions(s: InventoryState) {
  const { intl, index, inFlight, setLocked, setServerErrors, setRows } = s;
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rows = s.rows ?? [];

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
    s.setTouched((set) => new Set([...set, ...fields.map((f) => touchKey(row, f))]));

  /** Leaving a field (5.1): its rule messages show; if it breaks a rule the toast says sync waits. */
  const leave = (row: FormRow, rowIndex: number, fields: readonly RowField[]) => {
    touch(row, fields);
    if (fields.some((f) => s.view?.errors[`inventory.${rowIndex}.${f}`]))
      toast.error(t('inventoryInput.validationToast'));
    else void serverValidate(rows, s.removed);
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
    const nextRemoved = row.is_new === 1 || !row.id ? s.removed : [...s.removed, row];
    setRows(nextRows);
    s.setRemoved(nextRemoved);
    setServerErrors({});
    void serverValidate(nextRows, nextRemoved);
  };

  const onSave = async () => {
    if (s.saveDisabled || !s.view) return;
    s.setSaving(true);
    try {
      // Based on the version loaded, with the tab's session: a save made elsewhere since is a 409.
      const result = await saveInventory({
        ...s.view.form,
        version_number: s.input.data?.version_number ?? 0,
        edit_session: tabSessionId(),
      });
      setLocked(result.locked);
      await queryClient.invalidateQueries({ queryKey: ['inventory-national'] });
      window.alert(t('inventoryInput.saved'));
      navigate('/agency');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        s.setReauth(true);
        return;
      }
      const body = bodyOf(error);
      if (body && typeof body.locked === 'boolean') setLocked(body.locked);
      if (body?.validationErrors) setServerErrors(body.validationErrors);
      toast.error(
        hasAny(body?.validationErrors) ? t('inventoryInput.validationToast') : serverText(error, intl),
      );
    } finally {
      s.setSaving(false);
    }
  };

  return { serverValidate, touch, leave, update, addRow, removeRow, onSave };
}

/** The inventory input page's state and actions (docs/spec/data-entry.md, inventory input). */
export function useInventoryInput() {
  const s = useInventoryState();
  return { ...s, ...useInventoryActions(s) };
}

export type InventoryInput = ReturnType<typeof useInventoryInput>;
