import {
  type AgencySitrepData,
  isNational,
  type SitrepStatusFields,
  type ValidationErrors,
} from '@ciffc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { useLatest } from '../../shared/hooks/useLatest.ts';
import { useToast } from '../../shared/ui/Toast.tsx';
import { sitrepQuery } from './api.ts';
import { useT } from './useT.ts';

/** The values this tab had not sent when another tab, device or user saved a newer version. */
export interface Conflict {
  mine: AgencySitrepData;
  message: string;
}

/**
 * What an agency's draft page holds between renders: the draft's query, the form as typed, its
 * errors from the server and from the page, the status fields, the busy and failed flags, a 409's
 * unsent values and the reason typed for a rejection.
 */
export function useDraftSitrepState(agency: string) {
  const t = useT();
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const identity = useIdentity();
  const national = isNational(identity);
  const myId = identity?.id;

  const query = useQuery(sitrepQuery(agency, 'draft'));
  const [form, setForm] = useState<AgencySitrepData>({});
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<ValidationErrors>({});
  const [meta, setMeta] = useState<SitrepStatusFields | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [reason, setReason] = useState('');

  const formRef = useLatest(form);
  const clientErrorsRef = useLatest(clientErrors);
  const metaRef = useLatest(meta);
  const changed = useRef(false);
  // The document as the server last kept it, and the one in flight: Pause Edit puts an invalid
  // field back to its kept value and sends the rest (it used to drop every unsent change).
  const keptRef = useRef<AgencySitrepData>({});
  const sentRef = useRef<AgencySitrepData>({});

  const applyFields = useCallback((fields: Partial<SitrepStatusFields> | undefined) => {
    if (!fields || typeof fields.version_number !== 'number') return;
    setMeta((m) => (m ? { ...m, ...fields } : (fields as SitrepStatusFields)));
  }, []);

  return {
    agency,
    t,
    intl,
    toast,
    queryClient,
    national,
    myId,
    query,
    form,
    setForm,
    clientErrors,
    setClientErrors,
    serverErrors,
    setServerErrors,
    meta,
    setMeta,
    failed,
    setFailed,
    busy,
    setBusy,
    conflict,
    setConflict,
    reason,
    setReason,
    formRef,
    clientErrorsRef,
    metaRef,
    changed,
    keptRef,
    sentRef,
    applyFields,
  };
}

export type DraftSitrepState = ReturnType<typeof useDraftSitrepState>;
