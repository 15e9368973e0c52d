import { useT } from './useT.ts';

/**
 * Start or pause editing (an agency user), or the lock of a report someone holds. The national
 * centre does not edit a draft: it sees the lock only.
 */
export function EditControls({
  locked,
  byYou,
  national,
  editing,
  busy,
  onStart,
  onPause,
}: {
  locked: boolean;
  byYou: boolean;
  national: boolean;
  editing: boolean;
  busy: boolean;
  onStart: () => void;
  onPause: () => void;
}) {
  const t = useT();
  return (
    <div className="sitrep-controls">
      {locked ? (
        <button type="button" className="button" disabled>
          <span aria-hidden="true">🔒 </span>
          {t('edit.locked')} {byYou ? t('edit.byYou') : t('edit.byAgency')}
        </button>
      ) : national ? null : editing ? (
        <button type="button" className="button" onClick={onPause} disabled={busy}>
          {t('edit.pause')}
        </button>
      ) : (
        <button type="button" className="button button-primary" onClick={onStart} disabled={busy}>
          {t('edit.start')}
        </button>
      )}
    </div>
  );
}
