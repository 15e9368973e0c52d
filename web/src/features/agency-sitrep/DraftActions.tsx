import { canApprove, canReject, type SitrepStatusFields } from '@ciffc/contracts';
import { useT } from './useT.ts';

/**
 * Under the form: Approve, the Not Approved reason and Not Approved for the national centre;
 * Submit for the agency (blocked while locked, syncing or with errors, and before anything is saved).
 */
export function DraftActions({
  national,
  status,
  busy,
  notStarted,
  blocked,
  submitDisabled,
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
  reason: string;
  onReason: (reason: string) => void;
  onTransition: (action: 'submit' | 'approve' | 'reject') => void;
}) {
  const t = useT();
  return (
    <div className="sitrep-actions">
      {national ? (
        <>
          <button
            type="button"
            className="button button-primary"
            disabled={busy || notStarted || !canApprove(status)}
            onClick={() => onTransition('approve')}
          >
            {t('action.approve')}
          </button>
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
          <button
            type="button"
            className="button"
            disabled={busy || notStarted || !canReject(status)}
            onClick={() => onTransition('reject')}
          >
            {t('action.reject')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button-primary"
          disabled={submitDisabled}
          title={notStarted ? t('submitNeedsSave') : undefined}
          onClick={() => onTransition('submit')}
        >
          {blocked ? t('action.blocked') : t('action.submit')}
        </button>
      )}
    </div>
  );
}
