import { type SitrepStatusFields, SYNC_INTERVAL_MS } from '@ciffc/contracts';
import { ApiError } from '../../shared/api/http.ts';
import { getIn, setIn } from '../../shared/editing/field-path.ts';
import { fieldErrorCount, serverText } from '../../shared/editing/server-text.ts';
import { useEditing } from '../../shared/editing/useEditing.ts';
import { claimSitrep, saveSitrep } from './api.ts';
import type { DraftSitrepState } from './useDraftSitrepState.ts';

/** The status fields a refusal carries, if any (a 409 names the version and the holder). */
export const bodyOf = (error: unknown) =>
  error instanceof ApiError ? (error.body as Partial<SitrepStatusFields> | undefined) : undefined;

/** The one editing engine for an agency's draft: claim renewal, the 5 s tick, cancel, queue, 409 and flush. */
export function useSitrepEditing(s: DraftSitrepState) {
  const { agency, t, intl, toast, formRef, clientErrorsRef, keptRef, sentRef, applyFields } = s;
  return useEditing<SitrepStatusFields>({
    intervalMs: SYNC_INTERVAL_MS,
    save: (base, session, init) => {
      // A field the page flags is not sent: the server keeps its saved value (decision: one truth
      // about invalid values); everything else typed is sent.
      let body = formRef.current;
      for (const name of Object.keys(clientErrorsRef.current))
        body = setIn(body, name, getIn(keptRef.current, name));
      sentRef.current = body;
      return saveSitrep(agency, body, base, session, init);
    },
    versionOf: (r) => r.version_number,
    renew: () => claimSitrep(agency),
    isInvalid: () => Object.keys(clientErrorsRef.current).length > 0,
    confirmDiscard: () => window.confirm(t('confirm.discardInvalid')),
    discardInvalid: () => {
      let restored = formRef.current;
      for (const name of Object.keys(clientErrorsRef.current))
        restored = setIn(restored, name, getIn(keptRef.current, name));
      formRef.current = restored;
      clientErrorsRef.current = {};
      s.setForm(restored);
      s.setClientErrors({});
      return JSON.stringify(restored) !== JSON.stringify(keptRef.current);
    },
    onSaved: (result) => {
      keptRef.current = sentRef.current;
      applyFields(result);
      s.setServerErrors(result.validationErrors ?? {});
      s.setFailed(false);
      const n = fieldErrorCount(result.validationErrors);
      if (n > 0) toast.error(t('toast.savedWithErrors', { n }));
      else toast.success(t('toast.synced'));
    },
    onConflict: (error) => {
      // Nothing is re-sent over the other version: it is loaded, and what this tab typed stays visible.
      s.setConflict({ mine: formRef.current, message: serverText(error, intl) });
      applyFields(bodyOf(error));
      void s.query.refetch();
    },
    onLocked: (error) => {
      applyFields(bodyOf(error));
      toast.error(serverText(error, intl));
    },
    onFailed: (error, kind) => {
      s.setFailed(true);
      if (kind === 'network') return; // retried by the next tick
      toast.error(serverText(error, intl));
    },
  });
}

export type SitrepEngine = ReturnType<typeof useSitrepEditing>['engine'];
