import { FormattedMessage, useIntl } from 'react-intl';
import { LockIcon } from './LockIcon.tsx';
import { STATE_COLOUR, STATE_MESSAGE, type StateView } from './states.ts';

/** A report's state as a coloured swatch and its words; "by you"/"by agency" and the lock for a claim. */
export function StateBadge({ view }: { view: StateView }) {
  const intl = useIntl();
  // "by you"/"by agency" and the lock only for a claim: a draft saved as E but not claimed has
  // neither (an unclaimed report read "Being Edited by agency" with a lock).
  const suffix =
    view.state === 'E' && view.byYou !== undefined
      ? intl.formatMessage({
          id: view.byYou ? 'agencyOverview.state.byYou' : 'agencyOverview.state.byAgency',
        })
      : '';
  return (
    <span className={`state-badge state-${view.state.toLowerCase()}`}>
      <span className="state-swatch" style={{ background: STATE_COLOUR[view.state] }} aria-hidden="true" />
      <FormattedMessage id={STATE_MESSAGE[view.state]} />
      {suffix ? (
        <>
          {' '}
          {suffix}
          {!view.byYou ? <LockIcon /> : null}
        </>
      ) : null}
    </span>
  );
}
