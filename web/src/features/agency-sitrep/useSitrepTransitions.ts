import { useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/http.ts';
import { invalidateSitrepStats } from '../../shared/api/stats.ts';
import { fieldErrorCount, serverCode, serverText } from '../../shared/editing/server-text.ts';
import { claimSitrep, releaseSitrep, transitionSitrep } from './api.ts';
import type { DraftSitrepState } from './useDraftSitrepState.ts';
import { bodyOf, type SitrepEngine } from './useSitrepEditing.ts';

/** The draft's actions (docs/spec/data-entry.md section 4): start and pause editing, submit, approve, reject. */
export function useSitrepTransitions(s: DraftSitrepState, engine: SitrepEngine) {
  const navigate = useNavigate();
  const { agency, t, intl, toast, query, metaRef, applyFields, setBusy } = s;

  const startEditing = async () => {
    setBusy(true);
    try {
      const fields = await claimSitrep(agency);
      s.setConflict(null);
      if (fields.version_number !== engine.state.base || engine.state.mode === 'conflict')
        await query.refetch();
      applyFields(fields);
      engine.start(fields.version_number);
    } catch (error) {
      // A failed claim leaves the user in view mode.
      applyFields(bodyOf(error));
      toast.error(serverText(error, intl));
    } finally {
      setBusy(false);
    }
  };

  const pauseEditing = async () => {
    setBusy(true);
    try {
      // Pause sends what is typed first; an invalid field is discarded only if the user says so.
      if (!(await engine.flush())) return;
      // No lease renewal may land after the release (it would claim the report again).
      await engine.hold();
      engine.stop();
      s.changed.current = false;
      applyFields(await releaseSitrep(agency));
      await query.refetch();
    } catch (error) {
      toast.error(serverText(error, intl));
    } finally {
      setBusy(false);
    }
  };

  const transition = async (action: 'submit' | 'approve' | 'reject') => {
    if (action === 'submit' && !window.confirm(t('confirm.submit'))) return;
    setBusy(true);
    try {
      // Submit sends what is typed first and submits exactly the version saved; the lease is no
      // longer renewed from then on (engine.hold), so no renewal lands after the hand-over.
      if (action === 'submit') {
        if (!(await engine.flush())) return;
        await engine.hold();
      }
      const version = action === 'submit' ? engine.state.base : (metaRef.current?.version_number ?? 0);
      // Approving a version the agency never submitted: the user confirms, told which one it submitted.
      const submitted = metaRef.current?.submitted_version ?? null;
      const unsubmitted = action === 'approve' && submitted !== version;
      if (
        unsubmitted &&
        !window.confirm(
          submitted === null
            ? t('confirm.approveNeverSubmitted', { current: version })
            : t('confirm.approveUnsubmitted', { current: version, submitted }),
        )
      )
        return;
      try {
        await transitionSitrep(action, agency, version, {
          reason: action === 'reject' ? s.reason.trim() : undefined,
          confirm_unsubmitted: unsubmitted,
        });
      } catch (error) {
        engine.resume();
        throw error;
      }
      engine.stop();
      await invalidateSitrepStats(s.queryClient);
      window.alert(t('alert.saved'));
      navigate('/agency');
    } catch (error) {
      applyFields(bodyOf(error));
      const v = error instanceof ApiError ? error.validationErrors : undefined;
      if (v) s.setServerErrors(v);
      toast.error(v ? t('toast.savedWithErrors', { n: fieldErrorCount(v) }) : serverText(error, intl));
      // Approve or reject of a version that is no longer current: show the current one.
      if (serverCode(error) === 'sitrep.changed_since_opened') void query.refetch();
    } finally {
      setBusy(false);
    }
  };

  return { startEditing, pauseEditing, transition };
}
