import {
  type NationalSaveResult,
  type NationalSitrepFields,
  nationalDraftFields,
  type ValidationErrors,
} from '@ciffc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../app/messages.ts';
import { ApiError } from '../../shared/api/http.ts';
import { fieldErrorCount, serverText } from '../../shared/editing/server-text.ts';
import { useLatest } from '../../shared/hooks/useLatest.ts';
import { useToast } from '../../shared/ui/Toast.tsx';
import { type NationalDraft, nationalDraftQuery } from './api.ts';

export type NationalMeta = Pick<
  NationalDraft,
  'status' | 'is_published' | 'last_edit' | 'version_number' | 'requires_manual_sync' | 'claimed_by'
> & { claimed_by_name: string | null };
export type SyncState = 'idle' | 'syncing' | 'error' | 'ready';

/**
 * What the national page holds between renders: the form as typed, the draft's meta, the errors
 * from the server and from the page, the sync state and a 409's unsent values; and how a draft, a
 * save's answer or a refusal lands in them.
 */
export function useNationalDraftState() {
  const intl = useIntl();
  const t = useCallback(
    (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
    [intl],
  );
  const toast = useToast();
  const queryClient = useQueryClient();

  const [form, setForm] = useState<NationalSitrepFields | null>(null);
  const [meta, setMeta] = useState<NationalMeta | null>(null);
  const [sync, setSync] = useState<SyncState>('idle');
  const [serverErrors, setServerErrors] = useState<ValidationErrors>({});
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<{ mine: NationalSitrepFields; message: string } | null>(null);

  const formRef = useLatest(form);
  const clientErrorsRef = useLatest(clientErrors);
  const dirty = useRef(false);
  // The form as the server last kept it, and the one in flight: Pause Edit puts an invalid field
  // back to its kept value and sends the rest (it used to drop every unsent change).
  const keptRef = useRef<NationalSitrepFields | null>(null);
  const sentRef = useRef<NationalSitrepFields | null>(null);

  const applyDraft = useCallback((d: NationalDraft) => {
    keptRef.current = nationalDraftFields(d);
    setForm(keptRef.current);
    setMeta({
      status: d.status,
      is_published: d.is_published,
      last_edit: d.last_edit,
      version_number: d.version_number,
      requires_manual_sync: d.requires_manual_sync,
      claimed_by: d.claimed_by,
      claimed_by_name: d.claimed_by_name,
    });
    setServerErrors(d.validationErrors ?? {});
    // A change kept since today's publication is not public yet: "Ready to update" (4.4).
    setSync(d.requires_manual_sync ? 'ready' : 'idle');
  }, []);

  const applyResult = useCallback((r: Partial<NationalSaveResult>) => {
    setMeta((m) =>
      m
        ? {
            ...m,
            ...(r.status !== undefined ? { status: r.status } : {}),
            ...(r.last_edit !== undefined ? { last_edit: r.last_edit } : {}),
            ...(r.version_number !== undefined ? { version_number: r.version_number } : {}),
            ...(r.is_published !== undefined ? { is_published: r.is_published } : {}),
            ...(r.requires_manual_sync !== undefined ? { requires_manual_sync: r.requires_manual_sync } : {}),
            ...(r.claimed_by !== undefined ? { claimed_by: r.claimed_by } : {}),
          }
        : m,
    );
  }, []);

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        const body = (error.body ?? {}) as Partial<NationalSaveResult>;
        applyResult(body);
        if (error.validationErrors) setServerErrors(error.validationErrors);
        toast.error(
          error.validationErrors
            ? t('nationalSitrep.savedWithErrors', {
                n: fieldErrorCount(error.validationErrors),
              })
            : serverText(error, intl),
        );
      } else {
        toast.error(error instanceof Error ? error.message : String(error));
      }
      setSync('error');
    },
    [applyResult, t, toast, intl],
  );

  const reload = useCallback(async () => {
    const fresh = await queryClient.fetchQuery(nationalDraftQuery()).catch(() => undefined);
    if (fresh) applyDraft(fresh);
    return fresh;
  }, [queryClient, applyDraft]);

  return {
    intl,
    t,
    toast,
    queryClient,
    form,
    setForm,
    meta,
    setMeta,
    sync,
    setSync,
    serverErrors,
    setServerErrors,
    clientErrors,
    setClientErrors,
    conflict,
    setConflict,
    formRef,
    clientErrorsRef,
    dirty,
    keptRef,
    sentRef,
    applyDraft,
    applyResult,
    failed,
    reload,
  };
}

export type NationalDraftState = ReturnType<typeof useNationalDraftState>;
