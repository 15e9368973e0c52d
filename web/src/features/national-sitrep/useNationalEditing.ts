import { type NationalSaveResult, type NationalSitrepFields, SYNC_INTERVAL_MS } from '@ciffc/contracts';
import { classifyError, type FailureKind } from '../../shared/editing/engine.ts';
import { getIn, setIn } from '../../shared/editing/field-path.ts';
import { fieldErrorCount, serverCode, serverText } from '../../shared/editing/server-text.ts';
import { useEditing } from '../../shared/editing/useEditing.ts';
import { claimNational, saveNational } from './api.ts';
import type { NationalDraftState } from './useNationalDraftState.ts';

/** The lease's refusals (held by another, or no claim of the caller's) read as "being edited". */
function classifyNational(error: unknown): FailureKind {
  const kind = classifyError(error);
  const code = serverCode(error);
  if (kind === 'conflict' && (code === 'national.locked' || code?.startsWith('national.claim_first_')))
    return 'locked';
  return kind;
}

/**
 * 4.3 through the one editing engine: the whole form on the tick, a newer sync cancelling the one
 * in flight, the lease renewed, 409 from another tab shown with the unsent values, flushes.
 */
export function useNationalEditing(s: NationalDraftState) {
  const { t, toast, intl, formRef, keptRef, sentRef, clientErrorsRef } = s;
  return useEditing<NationalSaveResult>({
    intervalMs: SYNC_INTERVAL_MS,
    save: (base, session, init) => {
      // A field the page flags is not sent: the server keeps its saved value (decision: one truth
      // about invalid values); everything else typed is sent.
      let body = formRef.current as NationalSitrepFields;
      const kept = keptRef.current;
      if (kept)
        for (const name of Object.keys(clientErrorsRef.current)) body = setIn(body, name, getIn(kept, name));
      sentRef.current = body;
      return saveNational({ ...body, version_number: base, edit_session: session }, init);
    },
    versionOf: (r) => r.version_number,
    renew: () => claimNational(),
    classify: classifyNational,
    isInvalid: () => Object.keys(clientErrorsRef.current).length > 0,
    confirmDiscard: () => window.confirm(t('nationalSitrep.confirmDiscardInvalid')),
    discardInvalid: () => {
      const kept = keptRef.current;
      if (!kept || !formRef.current) return false;
      let restored = formRef.current as NationalSitrepFields;
      for (const name of Object.keys(clientErrorsRef.current))
        restored = setIn(restored, name, getIn(kept, name));
      formRef.current = restored;
      clientErrorsRef.current = {};
      s.setForm(restored);
      s.setClientErrors({});
      return JSON.stringify(restored) !== JSON.stringify(kept);
    },
    onSaved: (result) => {
      if (sentRef.current) keptRef.current = sentRef.current;
      s.applyResult(result);
      s.setServerErrors(result.validationErrors ?? {});
      const n = fieldErrorCount(result.validationErrors);
      if (n > 0) {
        s.setSync('error');
        toast.error(t('nationalSitrep.savedWithErrors', { n }));
      } else if (result.requires_manual_sync) s.setSync('ready');
      else {
        s.setSync('idle');
        toast.success(t('nationalSitrep.synced'));
      }
    },
    onConflict: (error) => {
      if (formRef.current) s.setConflict({ mine: formRef.current, message: serverText(error, intl) });
      s.failed(error);
      void s.reload();
    },
    onLocked: (error) => s.failed(error),
    onFailed: (error, kind) => {
      s.setSync('error');
      if (kind !== 'network') s.failed(error);
    },
  });
}

export type NationalEditing = ReturnType<typeof useNationalEditing>;
