import { type FormEvent, type Ref, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useStaticContent } from '../../shared/api/content.ts';
import { signIn } from '../../shared/auth/auth.ts';
import { loginErrorMessage } from '../../shared/auth/login-error.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { toLocale } from '../../shared/i18n/locale.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { StaticContent } from '../../shared/ui/StaticContent.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { rateLimitMessage } from './rate-limit.ts';

type FieldName = 'username' | 'password';
type FieldErrors = Partial<Record<FieldName, true>>;

/** Empty fields; the username ignores surrounding spaces, a password is taken as typed. */
function emptyFields(username: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!username.trim()) errors.username = true;
  if (!password) errors.password = true;
  return errors;
}

interface FieldProps {
  id: string;
  name: FieldName;
  value: string;
  invalid: boolean;
  inputRef: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}

/**
 * A labelled, required input whose "required" message comes from the catalogue (the browser's own
 * would be in the browser's language, not the site's), tied to the input for screen readers.
 */
function Field({ id, name, value, invalid, inputRef, onChange }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id={`login.${name}`} />
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name === 'username' ? 'identifier' : 'password'}
        type={name === 'password' ? 'password' : 'text'}
        autoComplete={name === 'username' ? 'username' : 'current-password'}
        required
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {invalid && (
        <p id={errorId} className="field-error">
          <FormattedMessage id="login.error.required" />
        </p>
      )}
    </div>
  );
}

export function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { setLocale } = useLocale();
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  usePageTitle(intl.formatMessage({ id: 'login.title' }));
  const intro = useStaticContent('login');

  function change(name: FieldName, value: string) {
    (name === 'username' ? setUsername : setPassword)(value);
    if (value) setFieldErrors((errors) => ({ ...errors, [name]: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setError(undefined);
    const empty = emptyFields(username, password);
    setFieldErrors(empty);
    if (empty.username || empty.password) {
      (empty.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const session = await signIn(username, password);
      const preferred = toLocale(session.user.preferredLocale);
      if (preferred) setLocale(preferred);
      navigate('/agency');
    } catch (err) {
      const language = intl.locale.startsWith('fr') ? 'fr' : 'en';
      setError(
        rateLimitMessage(err, intl) ??
          loginErrorMessage(err, language) ??
          intl.formatMessage({ id: 'login.error.default' }),
      );
      setSubmitting(false);
    }
  }

  // The page comes whole: the form waits for the first answer of the text above it (its place
  // unknown until it arrives), so that it does not jump down under the reader's finger (layout
  // shift); a failing content system never holds the form back longer than that.
  if (intro.isPending && intro.failureCount === 0 && intro.errorUpdateCount === 0) return <Loading />;
  return (
    <div className="login-page">
      <h1 className="visually-hidden">
        <FormattedMessage id="login.title" />
      </h1>
      <StaticContent alias="login" level={2} />
      {/* noValidate: the browser's own bubbles would speak the browser's language, not the site's. */}
      <form className="login-form" onSubmit={onSubmit} aria-busy={submitting} noValidate>
        <Field
          id={`${id}-username`}
          name="username"
          value={username}
          invalid={!!fieldErrors.username}
          inputRef={usernameRef}
          onChange={(value) => change('username', value)}
        />
        <Field
          id={`${id}-password`}
          name="password"
          value={password}
          invalid={!!fieldErrors.password}
          inputRef={passwordRef}
          onChange={(value) => change('password', value)}
        />
        <div className="login-error" role="alert">
          {error}
        </div>
        <button type="submit" className="button button-primary" disabled={submitting}>
          <FormattedMessage id={submitting ? 'login.submitting' : 'login.submit'} />
        </button>
      </form>
      <p className="login-forgot">
        <Link to="/forgot-password">
          <FormattedMessage id="login.forgot" />
        </Link>
      </p>
    </div>
  );
}
