import { summaryChangedInOneLanguage } from '@ciffc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { invalidateSitrepStats } from '../../shared/api/stats.ts';
import { useIdentity } from '../../shared/auth/hooks.ts';
import { fieldTexts, serverText } from '../../shared/editing/server-text.ts';
import { claimNational, nationalDraftQuery, publishNational, releaseNational } from './api.ts';
import { useNationalDraftState } from './useNationalDraftState.ts';
import { useNationalEditing } from './useNationalEditing.ts';
import { useNationalFormEdits } from './useNationalFormEdits.ts';

export type { NationalMeta, SyncState } from './useNationalDraftState.ts';

/**
 * The national draft (docs/spec/data-entry.md section 4): the form and its errors, the claim, the
 * editing engine, the sync state shown in the toolbar, and the page's actions (start and pause
 * editing, publish, bring forward, national mobilization rows).
 */
export function useNationalSitrep() {
  const navigate = useNavigate();
  const identity = useIdentity();
  const draftQuery = useQuery(nationalDraftQuery());
  const s = useNationalDraftState();
  const { t, toast, intl, queryClient, form, meta, applyDraft } = s;
  const [publishing, setPublishing] = useState(false);

  const { engine, state, reauth } = useNationalEditing(s);
  const editing = state.mode === 'editing';
  const { setSync } = s;
  useEffect(() => {
    if (state.inflight !== null) setSync('syncing');
  }, [state.inflight, setSync]);

  useEffect(() => {
    if (draftQuery.data && form === null) {
      applyDraft(draftQuery.data);
      engine.load(draftQuery.data.version_number);
      // 4.2: a claim that already belongs to this user resumes editing.
      if (identity && draftQuery.data.claimed_by === identity.id)
        engine.start(draftQuery.data.version_number);
    }
  }, [draftQuery.data, form, identity, applyDraft, engine]);

  // What follows is read once the draft is shown (form and meta loaded).
  const locked = meta !== null && meta.claimed_by !== null && meta.claimed_by !== identity?.id;
  const disabled = !editing || locked;
  const errors = { ...fieldTexts(s.serverErrors, intl), ...s.clientErrors };
  const hasErrors = Object.keys(errors).length > 0;
  const edits = useNationalFormEdits(s, engine, draftQuery.data?.previous);

  const startEditing = async () => {
    try {
      await claimNational();
      const fresh = await queryClient.fetchQuery(nationalDraftQuery());
      applyDraft(fresh);
      s.setClientErrors({});
      s.setConflict(null);
      engine.start(fresh.version_number);
    } catch (error) {
      // 8: a failed claim leaves the user in view mode.
      toast.error(serverText(error, intl));
      await s.reload();
    }
  };

  const pauseEditing = async () => {
    // Pause sends what is typed first; an invalid field is discarded only if the user says so.
    if (!(await engine.flush())) return;
    // No lease renewal may land after the release (it would claim the draft again).
    await engine.hold();
    engine.stop();
    try {
      const m = await releaseNational();
      s.setMeta((prev) =>
        prev
          ? { ...prev, claimed_by: m.claimed_by, claimed_by_name: m.claimed_by_name, status: m.status }
          : prev,
      );
    } catch (error) {
      console.error('[national-sitrep] release failed', error);
    }
  };

  const publish = async () => {
    if (!form || locked || hasErrors) return;
    // One language's summary changed and the other still says what it said when the page opened.
    const alone = draftQuery.data ? summaryChangedInOneLanguage(draftQuery.data, form) : null;
    const question = alone
      ? `${t(`nationalSitrep.summaryChangedAlone.${alone}`)} ${t('nationalSitrep.confirmPublish')}`
      : t('nationalSitrep.confirmPublish');
    if (!window.confirm(question)) return;
    setPublishing(true);
    try {
      // Publish sends what is typed first, then publishes the version saved.
      if (!(await engine.flush())) return;
      // No lease renewal may land after the hand-over (it would claim the draft again).
      await engine.hold();
      try {
        await publishNational({ ...form, version_number: engine.state.base, edit_session: engine.session });
      } catch (error) {
        engine.resume();
        throw error;
      }
      engine.stop();
      await invalidateSitrepStats(queryClient);
      window.alert(t('nationalSitrep.publishedAlert'));
      navigate('/agency');
    } catch (error) {
      s.failed(error);
    } finally {
      setPublishing(false);
    }
  };

  return {
    reauth,
    editState: state,
    draftQuery,
    identity,
    form,
    meta,
    sync: s.sync,
    conflict: s.conflict,
    dismissConflict: () => s.setConflict(null),
    publishing,
    editing,
    locked,
    disabled,
    errors,
    hasErrors,
    ...edits,
    startEditing,
    pauseEditing,
    publish,
  };
}
