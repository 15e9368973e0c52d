import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/http.ts';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { looksLikeEmail, postForgotPassword, resetFailure } from './password-reset.ts';
import { ResetField } from './ResetField.tsx';

type EmailError = 'login.error.required' | 'passwordReset.error.invalidEmail';

/**
 * Asks for a reset link. Whatever the content system answers (it answers alike for every address),
 * the page says the same thing, so it never tells whether an address has an account; only a limit
 * (429), a server down (5xx) or no answer at all are told apart, as errors to try again after.
 */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const id = useId();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<EmailError | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  usePageTitle(intl.formatMessage({ id: 'forgot.title' }));
  // The form gives way to the confirmation: focus goes to it, so it is read out.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setError(undefined);
    const address = email.trim();
    const invalid: EmailError | undefined = !address
      ? 'login.error.required'
      : looksLikeEmail(address)
        ? undefined
        : 'passwordReset.error.invalidEmail';
    setEmailError(invalid);
    if (invalid) {
      emailRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await postForgotPassword(address);
      setSent(true);
    } catch (err) {
      const failure = resetFailure(err);
      const answered = err instanceof ApiError && err.status >= 400 && err.status < 500;
      if (answered && failure !== 'tooMany') setSent(true);
      else
        setError(
          intl.formatMessage({
            id:
              failure === 'tooMany' || failure === 'network'
                ? `passwordReset.error.${failure}`
                : 'passwordReset.error.default',
          }),
        );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="login-page">
      <h1>
        <FormattedMessage id="forgot.title" />
      </h1>
      {sent ? (
        <div role="status" ref={sentRef} tabIndex={-1}>
          <p>
            <FormattedMessage id="forgot.sent" />
          </p>
          <p>
            <Link to="/login">
              <FormattedMessage id="forgot.backToLogin" />
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p>
            <FormattedMessage id="forgot.intro" />
          </p>
          <form className="login-form" onSubmit={onSubmit} aria-busy={submitting} noValidate>
            <ResetField
              id={`${id}-email`}
              label={<FormattedMessage id="forgot.email" />}
              type="email"
              autoComplete="email"
              value={email}
              error={emailError && <FormattedMessage id={emailError} />}
              inputRef={emailRef}
              onChange={(value) => {
                setEmail(value);
                if (value) setEmailError(undefined);
              }}
            />
            <div className="login-error" role="alert">
              {error}
            </div>
            <button type="submit" className="button button-primary" disabled={submitting}>
              <FormattedMessage id={submitting ? 'forgot.submitting' : 'forgot.submit'} />
            </button>
          </form>
          <p>
            <Link to="/login">
              <FormattedMessage id="forgot.backToLogin" />
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
