import { canApprove, canReject, type SitrepStatusFields } from '@ciffc/contracts';
import { type ReactNode, useState } from 'react';
import { useT } from './useT.ts';

/**
 * A button that keeps its focus when it cannot act: `aria-disabled` instead of `disabled` (a
 * disabled button drops the keyboard focus to the page), and a click says why instead of acting.
 */
function ActionButton({
  off,
  why,
  onRefused,
  onAct,
  primary,
  children,
}: {
  off: boolean;
  why: string;
  onRefused: (why: string) => void;
  onAct: () => void;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={primary ? 'button button-primary' : 'button'}
      aria-disabled={off || undefined}
      onClick={() => (off ? onRefused(why) : onAct())}
    >
      {children}
    </button>
  );
}

/**
 * Under the form: Approve, the Not Approved reason and Not Approved for the national centre;
 * Submit for the agency (blocked while locked, syncing or with errors, and before anything is saved).
 * While another user (the agency) holds the editing claim the decisions wait, and say so.
 */
export function DraftActions({
  national,
  status,
  busy,
  notStarted,
  blocked,
  submitDisabled,
  editingBy,
  reason,
  onReason,
  onTransition,
}: {
  national: boolean;
  status: SitrepStatusFields['status'];
  busy: boolean;
  /** Never saved (version 0): nothing to submit, approve or reject. */
  notStarted: boolean;
  /** Locked or with errors: the Submit button says so. */
  blocked: boolean;
  submitDisabled: boolean;
  /** Someone else holds the editing claim (national view): their name. */
  editingBy: string | null;
  reason: string;
  onReason: (reason: string) => void;
  onTransition: (action: 'submit' | 'approve' | 'reject') => void;
}) {
  const t = useT();
  const [refusal, setRefusal] = useState('');
  const waitingFor = editingBy ? t('decide.editing', { name: editingBy }) : '';
  const why = (decided: boolean, decidedText: string) =>
    busy
      ? t('action.busy')
      : notStarted
        ? t('submitNeedsSave')
        : editingBy
          ? waitingFor
          : decided
            ? decidedText
            : '';
  return (
    <div className="sitrep-actions">
      {national ? (
        <>
          {editingBy && <p className="sitrep-decide-wait">{waitingFor}</p>}
          <ActionButton
            primary
            off={busy || notStarted || !!editingBy || !canApprove(status)}
            why={why(!canApprove(status), t('decide.alreadyApproved'))}
            onRefused={setRefusal}
            onAct={() => onTransition('approve')}
          >
            {t('action.approve')}
          </ActionButton>
          <label className="sitrep-reject-reason">
            {t('rejectReason')}
            <textarea
              value={reason}
              maxLength={2000}
              rows={2}
              onChange={(e) => onReason(e.target.value)}
              disabled={busy || notStarted || !canReject(status)}
            />
          </label>
          <ActionButton
            off={busy || notStarted || !!editingBy || !canReject(status)}
            why={why(!canReject(status), t('decide.alreadyRejected'))}
            onRefused={setRefusal}
            onAct={() => onTransition('reject')}
          >
            {t('action.reject')}
          </ActionButton>
        </>
      ) : (
        <ActionButton
          primary
          off={submitDisabled}
          why={notStarted ? t('submitNeedsSave') : blocked ? t('submitBlocked') : t('action.busy')}
          onRefused={setRefusal}
          onAct={() => onTransition('submit')}
        >
          {blocked ? t('action.blocked') : t('action.submit')}
        </ActionButton>
      )}
      <p role="status" className="sitrep-action-refusal">
        {refusal}
      </p>
    </div>
  );
}
