import { DEMO_PASSWORD, SESSION_SECONDS } from '@ciffc/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/http.ts';
import { LOGIN_MESSAGES, loginErrorMessage } from '../../shared/auth/login-error.ts';
import { getSession } from '../../shared/auth/session.ts';
import type { CmsList } from '../../test/api-responses.ts';
import { installFetch, json, offContract, type Typed, text } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';

async function submit(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login error catalogue (docs/spec/public-site.md section 8)', () => {
  it("shows the response's error message", () => {
    expect(loginErrorMessage(new ApiError('Invalid identifier or password', 400, {}, true))).toBe(
      'Invalid identifier or password',
    );
  });
  it("shows the content system's known refusals and network failures in French", () => {
    const fr = (message: string, status: number, fromServer: boolean) =>
      loginErrorMessage(new ApiError(message, status, {}, fromServer), 'fr');
    expect(fr('Invalid identifier or password', 400, true)).toBe('Identifiant ou mot de passe non valide');
    expect(fr('Failed to fetch', 0, false)).toBe('Échec de la connexion au serveur');
    expect(fr('Something new', 400, true)).toBe('Something new');
    for (const [key, texts] of Object.entries(LOGIN_MESSAGES)) {
      expect(texts.en, key).toBe(key);
      expect(texts.fr, key).not.toBe(texts.en);
    }
  });
  it("otherwise the network error's message", () => {
    expect(loginErrorMessage(new ApiError('Failed to fetch', 0))).toBe('Failed to fetch');
  });
  it('otherwise nothing, and the page shows its default text', () => {
    expect(loginErrorMessage(new ApiError('502 Bad Gateway', 502, '<html>'))).toBeUndefined();
    expect(loginErrorMessage(new ApiError('Invalid JSON response', 200, 'ok'))).toBeUndefined();
    expect(
      loginErrorMessage(new TypeError("Cannot read properties of undefined (reading 'jwt')")),
    ).toBeUndefined();
    expect(loginErrorMessage(new Error('The login response has no token'))).toBeUndefined();
    expect(loginErrorMessage(new Error(''))).toBeUndefined();
    expect(loginErrorMessage('oops')).toBeUndefined();
  });
});

const loginBlock = () =>
  json<CmsList>({ data: [{ id: 1, Alias: 'login', Name: 'Agency login', Body: 'Staff only.' }] });

describe('login page', () => {
  it('shows the static content block, labelled required fields and a Login button', async () => {
    installFetch({ '/api/static-contents': loginBlock });
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 2, name: 'Agency login' })).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText('Password') as HTMLInputElement).required).toBe(true);
    await waitFor(() => expect(document.title).toBe('CIFFC - Login'));
  });

  it('shows translated, accessible required messages for empty fields and does not call the server', async () => {
    const { calls } = installFetch({ '/api/static-contents': loginBlock });
    renderApp('/login');
    const form = (await screen.findByLabelText('Username')).closest('form') as HTMLFormElement;
    expect(form.noValidate).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const username = screen.getByLabelText('Username');
    const password = screen.getByLabelText('Password');
    for (const input of [username, password]) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const message = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      expect(message?.textContent).toBe('This field is required.');
    }
    expect(document.activeElement).toBe(username);
    expect(calls.some((c) => c.url.pathname === '/api/auth/local')).toBe(false);

    await userEvent.type(username, 'ab');
    expect(username.getAttribute('aria-invalid')).toBeNull();
    expect(username.getAttribute('aria-describedby')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(document.activeElement).toBe(password);
    expect(password.getAttribute('aria-invalid')).toBe('true');
  });

  it('says "required" in French when the site is in French', async () => {
    installFetch({ '/api/static-contents': loginBlock });
    renderApp('/login', { locale: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: 'Connexion' }));
    const username = screen.getByLabelText('Nom d’utilisateur');
    const message = document.getElementById(username.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Ce champ est obligatoire.');
  });

  it("shows the server's message on a wrong password", async () => {
    installFetch({
      '/api/static-contents': loginBlock,
      '/api/auth/local': () =>
        json(
          {
            data: null,
            error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password' },
          },
          400,
        ),
    });
    renderApp('/login');
    await submit('ab', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid identifier or password');
    expect(getSession()).toBeNull();
  });

  it('words the account lock with its minutes, in French on the French site', async () => {
    installFetch({
      '/api/static-contents': loginBlock,
      '/api/auth/local': () =>
        json(
          {
            data: null,
            error: {
              status: 429,
              name: 'RateLimitError',
              message: 'Too many failed sign-ins for this account, please try again later.',
              details: { code: 'auth.account_locked', params: { minutes: 15 } },
            },
          },
          429,
        ),
    });
    renderApp('/login', { locale: 'fr' });
    await userEvent.type(await screen.findByLabelText('Nom d’utilisateur'), 'ab');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Connexion' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Trop de connexions échouées pour ce compte. Réessayez dans 15 min.',
    );
  });

  it("words nginx's login limit (a 429 without JSON) as the per-address limit", async () => {
    installFetch({
      '/api/static-contents': loginBlock,
      '/api/auth/local': () =>
        text('<html>429 Too Many Requests</html>', { status: 429, statusText: 'Too Many Requests' }),
    });
    renderApp('/login');
    await submit('ab', 'wrong');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many sign-in attempts from your network. Wait a minute and try again.',
      ),
    );
  });

  it('shows the network error message when the server cannot be reached', async () => {
    installFetch({
      '/api/static-contents': loginBlock,
      '/api/auth/local': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/login');
    await submit('ab', 'x');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to fetch'));
  });

  const DEFAULT = 'Error attempting to authenticate. Please try again.';
  const failures: [string, () => Typed<never>][] = [
    [
      'a 5xx without an error body',
      () => text('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    ],
    ['a 200 that is not JSON', () => text('<html>proxy page</html>', { status: 200 })],
    ['a 200 without a token', () => offContract({ user: { id: 1, username: 'ab' } })],
    ['an empty 200', () => text('', { status: 200 })],
  ];
  for (const [name, answer] of failures) {
    it(`shows the default message for ${name}`, async () => {
      installFetch({ '/api/static-contents': loginBlock, '/api/auth/local': answer });
      const { router } = renderApp('/login');
      await submit('ab', DEMO_PASSWORD);
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DEFAULT));
      expect(getSession()).toBeNull();
      expect(router.state.location.pathname).toBe('/login');
    });
  }

  it('signs in, keeps the session 43,200 s, applies preferredLocale and goes to /agency', async () => {
    let meAuth: string | null = null;
    installFetch({
      '/api/auth/local': async (_url, init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ identifier: 'qc', password: DEMO_PASSWORD });
        return json({ jwt: 'jwt-qc', user: { id: 7, username: 'qc' } });
      },
      '/api/users/me': (url, init) => {
        expect(url.searchParams.get('populate')).toBe('*');
        meAuth = new Headers(init?.headers).get('Authorization');
        return json({
          id: 7,
          username: 'qc',
          agency_code: 'qc',
          preferredLocale: 'fr',
          role: { name: 'Authenticated' },
        });
      },
    });
    const before = Date.now();
    const { router } = renderApp('/login');
    await submit('qc', DEMO_PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/agency'));
    expect(meAuth).toBe('Bearer jwt-qc');
    const session = getSession();
    expect(session?.user.agency_code).toBe('qc');
    expect(session?.expiresAt).toBeGreaterThanOrEqual(before + SESSION_SECONDS * 1000);
    expect(JSON.parse(localStorage.getItem('ciffc.session') ?? '{}').jwt).toBe('jwt-qc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aperçu' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(screen.getByRole('link', { name: 'QC' })).toBeTruthy();
  });
});
