import { PASSWORD_MIN_LENGTH, passwordTooShort } from '@ciffc/contracts';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { postResetPassword, resetFailure } from './password-reset.ts';
import { ResetField } from './ResetField.tsx';

type PasswordError = 'login.error.required' | 'reset.error.tooShort';
type ConfirmationError = 'login.error.required' | 'reset.error.mismatch';
/** The form's error above the button: a code refused (with a link to ask again) or a failure. */
type FormError = 'badCode' | 'tooMany' | 'network' | 'default';

const min = { min: PASSWORD_MIN_LENGTH };

/**
 * The reset mail's link (`/reset-password?code=…`, cms/src/mail.ts): a new password, checked here
 * against the site's rule and its confirmation before anything is sent, then saved with the code.
 */
export function ResetPasswordPage() {
  const intl = useIntl();
  const id = useId();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<PasswordError | undefined>();
  const [confirmationError, setConfirmationError] = useState<ConfirmationError | undefined>();
  const [formError, setFormError] = useState<FormError | undefined>();
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  usePageTitle(intl.formatMessage({ id: 'reset.title' }));
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFormError(undefined);
    const ownError: PasswordError | undefined = !password
      ? 'login.error.required'
      : passwordTooShort(password)
        ? 'reset.error.tooShort'
        : undefined;
    const matchError: ConfirmationError | undefined = !confirmation
      ? 'login.error.required'
      : confirmation !== password
        ? 'reset.error.mismatch'
        : undefined;
    setPasswordError(ownError);
    setConfirmationError(matchError);
    if (ownError || matchError) {
      (ownError ? passwordRef : confirmationRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await postResetPassword(code, password, confirmation);
      setDone(true);
    } catch (err) {
      const failure = resetFailure(err);
      // The content system's own refusals of the fields (should the rule change there first).
      if (failure === 'tooShort') {
        setPasswordError('reset.error.tooShort');
        passwordRef.current?.focus();
      } else if (failure === 'mismatch') {
        setConfirmationError('reset.error.mismatch');
        confirmationRef.current?.focus();
      } else setFormError(failure);
    } finally {
      setSubmitting(false);
    }
  }

  const askAgain = (
    <Link to="/forgot-password">
      <FormattedMessage id="reset.askAgain" />
    </Link>
  );

  let body: ReactNode;
  if (done)
    body = (
      <div role="status" ref={doneRef} tabIndex={-1}>
        <p>
          <FormattedMessage id="reset.done" />
        </p>
        <p>
          <Link to="/login">
            <FormattedMessage id="reset.signIn" />
          </Link>
        </p>
      </div>
    );
  else if (!code)
    body = (
      <div role="alert">
        <p>
          <FormattedMessage id="reset.error.noCode" />
        </p>
        <p>{askAgain}</p>
      </div>
    );
  else
    body = (
      <form className="login-form" onSubmit={onSubmit} aria-busy={submitting} noValidate>
        <ResetField
          id={`${id}-password`}
          label={<FormattedMessage id="reset.password" />}
          type="password"
          autoComplete="new-password"
          value={password}
          hint={<FormattedMessage id="reset.rule" values={min} />}
          error={passwordError && <FormattedMessage id={passwordError} values={min} />}
          inputRef={passwordRef}
          onChange={(value) => {
            setPassword(value);
            if (value) setPasswordError(undefined);
          }}
        />
        <ResetField
          id={`${id}-confirmation`}
          label={<FormattedMessage id="reset.confirmation" />}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          error={confirmationError && <FormattedMessage id={confirmationError} />}
          inputRef={confirmationRef}
          onChange={(value) => {
            setConfirmation(value);
            if (value) setConfirmationError(undefined);
          }}
        />
        <div className="login-error" role="alert">
          {formError === 'badCode' ? (
            <>
              <FormattedMessage id="reset.error.badCode" /> {askAgain}
            </>
          ) : (
            formError && <FormattedMessage id={`passwordReset.error.${formError}`} />
          )}
        </div>
        <button type="submit" className="button button-primary" disabled={submitting}>
          <FormattedMessage id={submitting ? 'reset.submitting' : 'reset.submit'} />
        </button>
      </form>
    );

  return (
    <div className="login-page">
      <h1>
        <FormattedMessage id="reset.title" />
      </h1>
      {body}
    </div>
  );
}
