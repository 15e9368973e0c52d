import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFetch, json, text } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';

const NEUTRAL =
  'If an account uses this address, a message with a link to choose a new password is on its way. Check your inbox (and spam folder); the link can be used once.';

async function ask(email: string, submit = 'Send the reset link') {
  await userEvent.type(await screen.findByLabelText('Email address'), email);
  await userEvent.click(screen.getByRole('button', { name: submit }));
}

describe('forgot password page', () => {
  it('is reached from the login page, in English and in French', async () => {
    installFetch({});
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('CIFFC - Forgot your password'));
  });

  it('links to itself from the French login page and speaks French', async () => {
    installFetch({});
    const { router } = renderApp('/login', { locale: 'fr' });
    await userEvent.click(await screen.findByRole('link', { name: 'Mot de passe oublié ?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeTruthy();
    expect(screen.getByLabelText('Adresse courriel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Envoyer le lien' })).toBeTruthy();
  });

  it('sends the address and shows the neutral confirmation', async () => {
    let body: unknown;
    installFetch({
      '/api/auth/forgot-password': (_url, init) => {
        body = JSON.parse(String(init?.body));
        return json({ ok: true });
      },
    });
    renderApp('/forgot-password');
    await ask('  ab@demo.ciffc.local ');
    const status = (await screen.findByText(NEUTRAL)).closest('[role="status"]');
    expect(document.activeElement).toBe(status);
    expect(body).toEqual({ email: 'ab@demo.ciffc.local' });
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Email address')).toBeNull();
  });

  it.each([
    [
      'a refusal of the address',
      () => json({ error: { status: 400, message: 'email must be a valid email' } }, 400),
    ],
    ['the routes closed (no mail relay)', () => json({ error: { status: 403, message: 'Forbidden' } }, 403)],
  ])('says the same for %s, so the page tells no account apart', async (_name, answer) => {
    installFetch({ '/api/auth/forgot-password': answer });
    renderApp('/forgot-password');
    await ask('nobody@example.org');
    expect((await screen.findByText(NEUTRAL)).closest('[role="status"]')).not.toBeNull();
  });

  it('refuses an empty or malformed address in the page, with the message tied to the field and focused', async () => {
    const { calls } = installFetch({});
    renderApp('/forgot-password');
    const email = await screen.findByLabelText('Email address');
    expect((email as HTMLInputElement).required).toBe(true);
    expect((email.closest('form') as HTMLFormElement).noValidate).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This field is required.',
    );
    expect(document.activeElement).toBe(email);
    await ask('not-an-address');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter an email address such as name@example.ca.',
    );
    expect(calls.some((c) => c.url.pathname === '/api/auth/forgot-password')).toBe(false);
  });

  it("words nginx's limit (a 429 without JSON) as too many attempts, in French too", async () => {
    installFetch({
      '/api/auth/forgot-password': () =>
        text('<html>429 Too Many Requests</html>', { status: 429, statusText: 'Too Many Requests' }),
    });
    renderApp('/forgot-password', { locale: 'fr' });
    await userEvent.type(await screen.findByLabelText('Adresse courriel'), 'ab@demo.ciffc.local');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Trop de tentatives. Veuillez patienter quelques minutes et réessayer.',
      ),
    );
    expect(screen.queryByText(NEUTRAL)).toBeNull();
  });

  it('says so when the server cannot be reached, and when it fails', async () => {
    installFetch({
      '/api/auth/forgot-password': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/forgot-password');
    await ask('ab@demo.ciffc.local');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The server could not be reached. Check your connection and try again.',
      ),
    );
    installFetch({
      '/api/auth/forgot-password': () => text('<html>Bad gateway</html>', { status: 502 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again later.'),
    );
  });
});
