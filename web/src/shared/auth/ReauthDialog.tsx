import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { signIn } from './auth.ts';
import { useSession } from './hooks.ts';
import { loginErrorMessage } from './login-error.ts';
import { sessionEndedElsewhere } from './session.ts';

/**
 * The session lapsed while editing (a save answered 401): the page stays, with everything typed,
 * and asks the same user to sign in again here. On success the page sends what it kept, with its
 * base version (docs/decisions.md, "A lapsed session keeps the work").
 */
export function ReauthDialog({ open, onSignedIn }: { open: boolean; onSignedIn: () => void }) {
  const intl = useIntl();
  const locale = intl.locale.startsWith('fr') ? 'fr' : 'en';
  const session = useSession();
  // The user whose work this is; a sign-in as someone else would save under their name.
  const owner = useRef(session?.user);
  if (session?.user && !owner.current) owner.current = session.user;
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const passwordId = useId();

  useEffect(() => {
    if (open) passwordRef.current?.focus();
  }, [open]);
  if (!open) return null;

  const username = owner.current?.username ?? '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const again = await signIn(username, password);
      if (owner.current && again.user.id !== owner.current.id) {
        setError(intl.formatMessage({ id: 'reauth.sameUser' }, { username }));
        return;
      }
      setPassword('');
      onSignedIn();
    } catch (failure) {
      setError(loginErrorMessage(failure, locale) ?? intl.formatMessage({ id: 'reauth.failed' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="reauth-backdrop">
      <div className="reauth-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>
          <FormattedMessage id="reauth.title" />
        </h2>
        {sessionEndedElsewhere() ? (
          <p>
            <FormattedMessage id="reauth.elsewhere" />
          </p>
        ) : null}
        <p>
          <FormattedMessage id="reauth.body" />
        </p>
        <form onSubmit={(e) => void submit(e)}>
          <p>
            <FormattedMessage id="reauth.as" values={{ username: <strong>{username}</strong> }} />
          </p>
          <div className="field">
            <label htmlFor={passwordId}>
              <FormattedMessage id="reauth.password" />
            </label>
            <input
              id={passwordId}
              ref={passwordRef}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              required
            />
          </div>
          <p role="alert" className={error ? 'field-error' : undefined}>
            {error}
          </p>
          <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
            <FormattedMessage id="reauth.submit" />
          </button>
        </form>
      </div>
    </div>
  );
}
