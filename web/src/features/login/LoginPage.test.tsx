import { SESSION_SECONDS } from '@ciffc/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/http.ts';
import { loginErrorMessage } from '../../shared/auth/loginError.ts';
import { getSession } from '../../shared/auth/session.ts';
import { installFetch, json } from '../../test/fakeFetch.ts';
import { renderApp } from '../../test/render.tsx';

async function submit(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Username'), username);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login error catalogue (public-site.md section 8)', () => {
  it("shows the response's error message", () => {
    expect(loginErrorMessage(new ApiError('Invalid identifier or password', 400, {}, true))).toBe(
      'Invalid identifier or password',
    );
  });
  it("otherwise the network error's message", () => {
    expect(loginErrorMessage(new ApiError('Failed to fetch', 0))).toBe('Failed to fetch');
    expect(loginErrorMessage(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(
      'NetworkError when attempting to fetch resource.',
    );
  });
  it('otherwise nothing, and the page shows its default text', () => {
    expect(loginErrorMessage(new Error(''))).toBeUndefined();
    expect(loginErrorMessage('oops')).toBeUndefined();
  });
});

const loginBlock = () =>
  json({ data: [{ id: 1, Alias: 'login', Name: 'Agency login', Body: 'Staff only.' }] });

describe('login page', () => {
  it('shows the static content block, labelled required fields and a Login button', async () => {
    installFetch({ '/api/static-contents': loginBlock });
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 2, name: 'Agency login' })).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText('Password') as HTMLInputElement).required).toBe(true);
    await waitFor(() => expect(document.title).toBe('CIFFC - Login'));
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

  it('signs in, keeps the session 43,200 s, applies preferredLocale and goes to /agency', async () => {
    let meAuth: string | null = null;
    installFetch({
      '/api/auth/local': async (_url, init) => {
        expect(JSON.parse(String(init?.body))).toEqual({ identifier: 'qc', password: 'wildfire-demo' });
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
    await submit('qc', 'wildfire-demo');
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
