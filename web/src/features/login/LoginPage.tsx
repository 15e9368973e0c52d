import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { signIn } from '../../shared/auth/auth.ts';
import { loginErrorMessage } from '../../shared/auth/loginError.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { toLocale } from '../../shared/i18n/locale.ts';
import { StaticContent } from '../../shared/ui/StaticContent.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';

export function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { setLocale } = useLocale();
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  usePageTitle(intl.formatMessage({ id: 'login.title' }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setError(undefined);
    setSubmitting(true);
    try {
      const session = await signIn(username, password);
      const preferred = toLocale(session.user.preferredLocale);
      if (preferred) setLocale(preferred);
      navigate('/agency');
    } catch (err) {
      setError(loginErrorMessage(err) ?? intl.formatMessage({ id: 'login.error.default' }));
      setSubmitting(false);
    }
  }

  return (
    <div className="login-page">
      <h1 className="visually-hidden">
        <FormattedMessage id="login.title" />
      </h1>
      <StaticContent alias="login" level={2} />
      <form className="login-form" onSubmit={onSubmit} aria-busy={submitting} noValidate={false}>
        <div className="field">
          <label htmlFor={`${id}-username`}>
            <FormattedMessage id="login.username" />
          </label>
          <input
            id={`${id}-username`}
            name="identifier"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>
            <FormattedMessage id="login.password" />
          </label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="login-error" role="alert">
          {error}
        </div>
        <button type="submit" className="button button-primary" disabled={submitting}>
          <FormattedMessage id={submitting ? 'login.submitting' : 'login.submit'} />
        </button>
      </form>
    </div>
  );
}
