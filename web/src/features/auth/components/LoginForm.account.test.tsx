/**
 * The login's parts of docs/account.md: a recovery code in the two-factor step, and a temporary
 * password sending the person to /trocar-senha.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session';
import { json, jwtExpiringIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { LoginForm } from './LoginForm';

const userInfoAnswer = {
  user: {
    id: 7,
    name: 'Ana Souza',
    username: 'ana',
    email: 'ana@acme.com.br',
    image: null,
    role: { id: 2, name: 'supervisor', display_name: 'Supervisor' },
  },
  has_permission_routes: [],
};

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '/', element: <p>página inicial</p> },
      { path: '/trocar-senha', element: <p>trocar a senha</p> },
    ],
    '/login',
  );
}

async function submitCredentials() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Email/), 'ana@acme.com.br');
  await user.type(screen.getByLabelText(/Senha/), 'segredo');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return user;
}

describe('LoginForm (docs/account.md)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.clear();
  });

  it('"Usar um código de recuperação" turns the code boxes into a text field; the code is sent as typed', async () => {
    const token = jwtExpiringIn(900);
    const { callsTo } = stubFetch({
      'GET /api/ip': () => json({ ip: '1.2.3.4' }),
      'POST /api/auth/login': () => json({ two_factor_required: true, challenge: 'ch-1' }),
      'POST /api/auth/login/two-factor': () =>
        json({ access_token: token, origin_backoffice: false, has_permission_routes: [] }),
      'GET /api/auth/userInfo': () => json(userInfoAnswer),
    });
    const { router } = renderLogin();
    const user = await submitCredentials();
    await screen.findByText(/código de 6 dígitos/);

    await user.click(screen.getByRole('button', { name: 'Usar um código de recuperação' }));
    const field = screen.getByRole('textbox', { name: 'Código de recuperação' });
    expect(field).toHaveFocus();
    expect(screen.getByText(/Cada código vale uma única vez/)).toBeInTheDocument();

    // Something that is no recovery code is refused here.
    await user.type(field, 'x');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(/como foi mostrado/)).toBeInTheDocument();
    expect(callsTo('POST /api/auth/login/two-factor')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, ' k7m2p-q9x4z ');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo('POST /api/auth/login/two-factor')[0]?.body).toEqual({ challenge: 'ch-1', code: 'k7m2p-q9x4z' });
  }, 15_000);

  it('back to the app code from the recovery field', async () => {
    stubFetch({
      'GET /api/ip': () => json({ ip: '1.2.3.4' }),
      'POST /api/auth/login': () => json({ two_factor_required: true, challenge: 'ch-1' }),
    });
    renderLogin();
    const user = await submitCredentials();
    await user.click(await screen.findByRole('button', { name: 'Usar um código de recuperação' }));
    await user.click(screen.getByRole('button', { name: 'Usar o código do aplicativo' }));
    expect(screen.getByText(/código de 6 dígitos/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Código de recuperação' })).not.toBeInTheDocument();
  }, 15_000);

  it('a temporary password sends the person to /trocar-senha, logged in', async () => {
    const token = jwtExpiringIn(900);
    stubFetch({
      'GET /api/ip': () => json({ ip: '1.2.3.4' }),
      'POST /api/auth/login': () =>
        json({ access_token: token, origin_backoffice: false, has_permission_routes: [], must_change_password: true }),
      'GET /api/auth/userInfo': () => json({ ...userInfoAnswer, must_change_password: true }),
    });
    const { router } = renderLogin();
    await submitCredentials();
    await waitFor(() => expect(router.state.location.pathname).toBe('/trocar-senha'));
    expect(getSession().accessToken).toBe(token);
    // The route guard keeps every screen closed until the change (lib/password-change.ts).
    expect(localStorage.getItem('mustChangePassword')).toBe('true');
  }, 15_000);
});
