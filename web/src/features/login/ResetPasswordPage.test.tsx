import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../shared/auth/session.ts';
import { installFetch, json, text } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render.tsx';

const CODE = 'a1'.repeat(64);
const GOOD = 'a-long-enough-passphrase';

async function choose(password: string, confirmation: string, fr = false) {
  await userEvent.type(await screen.findByLabelText(fr ? 'Nouveau mot de passe' : 'New password'), password);
  await userEvent.type(
    screen.getByLabelText(fr ? 'Confirmer le nouveau mot de passe' : 'Confirm the new password'),
    confirmation,
  );
  await userEvent.click(
    screen.getByRole('button', { name: fr ? 'Enregistrer le mot de passe' : 'Save the new password' }),
  );
}

const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

describe('reset password page', () => {
  it('sends the code and the new password, then confirms with a link to sign in', async () => {
    let body: unknown;
    installFetch({
      '/api/auth/reset-password': (_url, init) => {
        body = JSON.parse(String(init?.body));
        return json({ jwt: 'jwt-ab', user: { id: 1, username: 'ab' } });
      },
    });
    renderApp(`/reset-password?code=${CODE}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('CIFFC - Choose a new password'));
    const password = screen.getByLabelText('New password');
    expect(describedBy(password)).toEqual(['At least 12 characters.']);
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    await choose(GOOD, GOOD);
    const status = (
      await screen.findByText('Your password has been changed. You can now sign in with it.')
    ).closest('[role="status"]');
    expect(document.activeElement).toBe(status);
    expect(body).toEqual({ code: CODE, password: GOOD, passwordConfirmation: GOOD });
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
    // The reader signs in with the new password: the answer's token is not kept.
    expect(getSession()).toBeNull();
  });

  it('shows the rule and refuses a short password and a different confirmation in the page, in French', async () => {
    const { calls } = installFetch({});
    renderApp(`/reset-password?code=${CODE}`, { locale: 'fr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choisir un nouveau mot de passe' }),
    ).toBeTruthy();
    await choose('court-11car', 'autre chose', true);
    const password = screen.getByLabelText('Nouveau mot de passe');
    const confirmation = screen.getByLabelText('Confirmer le nouveau mot de passe');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(password)).toEqual([
      'Au moins 12 caractères.',
      'Le mot de passe doit compter au moins 12 caractères.',
    ]);
    expect(describedBy(confirmation)).toEqual(['Les deux mots de passe ne sont pas identiques.']);
    expect(document.activeElement).toBe(password);
    expect(calls.some((c) => c.url.pathname === '/api/auth/reset-password')).toBe(false);
  });

  it('refuses a confirmation that differs, focused, and sends nothing', async () => {
    const { calls } = installFetch({});
    renderApp(`/reset-password?code=${CODE}`);
    await choose(GOOD, `${GOOD}!`);
    const confirmation = screen.getByLabelText('Confirm the new password');
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(confirmation)).toEqual(['The two passwords are not the same.']);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(confirmation);
    expect(calls.some((c) => c.url.pathname === '/api/auth/reset-password')).toBe(false);
  });

  it('counts characters as a reader does, and says "required" for empty fields', async () => {
    installFetch({});
    renderApp(`/reset-password?code=${CODE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save the new password' }));
    const password = screen.getByLabelText('New password');
    expect(describedBy(password)).toEqual(['At least 12 characters.', 'This field is required.']);
    expect(describedBy(screen.getByLabelText('Confirm the new password'))).toEqual([
      'This field is required.',
    ]);
    expect(document.activeElement).toBe(password);
  });

  it('says a used or wrong code is not valid, with a link to ask for a new one', async () => {
    installFetch({
      '/api/auth/reset-password': () =>
        json(
          { data: null, error: { status: 400, name: 'ValidationError', message: 'Incorrect code provided' } },
          400,
        ),
    });
    renderApp(`/reset-password?code=${CODE}`);
    await choose(GOOD, GOOD);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'This reset link is not valid: it may have been used already, or mistyped.',
      ),
    );
    const again = screen.getByRole('link', { name: 'Ask for a new link' });
    expect(again.getAttribute('href')).toBe('/forgot-password');
  });

  it('puts the content system’s own length refusal on the password field', async () => {
    installFetch({
      '/api/auth/reset-password': () =>
        json(
          {
            data: null,
            error: {
              status: 400,
              name: 'ValidationError',
              message: 'password must be at least 12 characters',
            },
          },
          400,
        ),
    });
    renderApp(`/reset-password?code=${CODE}`);
    await choose(GOOD, GOOD);
    const password = screen.getByLabelText('New password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(password)[1]).toBe('The password must have at least 12 characters.');
    expect(document.activeElement).toBe(password);
  });

  it('words a limit and a network failure', async () => {
    installFetch({
      '/api/auth/reset-password': () => text('<html>429</html>', { status: 429 }),
    });
    renderApp(`/reset-password?code=${CODE}`);
    await choose(GOOD, GOOD);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many attempts. Please wait a few minutes and try again.',
      ),
    );
    installFetch({
      '/api/auth/reset-password': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The server could not be reached. Check your connection and try again.',
      ),
    );
  });

  it('without a code, says the link is needed and offers to ask for one, in French', async () => {
    installFetch({});
    renderApp('/reset-password', { locale: 'fr' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cette page demande le lien du message de réinitialisation');
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('Nouveau mot de passe')).toBeNull();
  });
});
