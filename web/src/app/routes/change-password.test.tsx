/**
 * The forced change of a temporary password (docs/account.md#temporary-password-administrator):
 * /trocar-senha, its loader, and the 403 `password_change_required` that sends the person there.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../../config/paths';
import { ApiError, http, setPasswordChangeRequiredHandler } from '../../lib/http';
import { setMustChangePassword } from '../../lib/password-change';
import { getSession } from '../../lib/session';
import { json, jwtExpiringIn, logIn, stubFetch } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { guardRoute } from '../guards';
import { Component as ChangePassword } from './change-password';
import { loader } from './change-password-loader';

const userInfo = (mustChange: boolean) => ({
  user: { id: 7, name: 'Ana Souza', username: 'ana', email: 'ana@acme.com.br', image: null, role: null },
  has_permission_routes: ['home'],
  must_change_password: mustChange,
});

function renderPage() {
  return renderRoutes(
    [
      { path: '/trocar-senha', element: <ChangePassword /> },
      { path: '/', element: <p>início</p> },
      { path: '/login', element: <p>entrar</p> },
    ],
    '/trocar-senha',
  );
}

describe('/trocar-senha', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('says the password is temporary, and after the change goes home with the new token', async () => {
    logIn();
    setMustChangePassword(true);
    const token = jwtExpiringIn(900);
    const { callsTo } = stubFetch({
      'POST /api/auth/password': () =>
        json({ access_token: token, has_permission_routes: ['home'], origin_backoffice: false }),
    });
    const user = userEvent.setup();
    const { router } = renderPage();
    expect(screen.getByRole('heading', { name: 'Troque a sua senha', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Sua senha é temporária. Escolha uma nova para continuar.')).toBeInTheDocument();
    // Nothing to wander off to: the change, and leaving.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Senha temporária/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^Senha temporária/), 'Tempo#rario!5');
    await user.type(screen.getByLabelText(/^Nova senha/), 'Minha#Nova!8');
    await user.type(screen.getByLabelText(/^Confirme a nova senha/), 'Minha#Nova!8');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo('POST /api/auth/password')[0]?.body).toEqual({
      currentPassword: 'Tempo#rario!5',
      newPassword: 'Minha#Nova!8',
    });
    expect(getSession().accessToken).toBe(token);
    expect(localStorage.getItem('mustChangePassword')).toBeNull();
  });

  it('the loader: logged out → /login; a password that is not temporary → home; temporary → the page', async () => {
    const run = () =>
      loader({ request: new Request('http://localhost/trocar-senha'), params: {}, context: {} } as never);
    localStorage.clear();
    const toLogin = (await run()) as Response;
    expect(toLogin.headers.get('Location')).toBe('/login');

    logIn();
    stubFetch({ 'GET /api/auth/userInfo': [() => json(userInfo(false)), () => json(userInfo(true))] });
    const toHome = (await run()) as Response;
    expect(toHome.headers.get('Location')).toBe('/');
    expect(await run()).toBeNull();
  });
});

describe('403 password_change_required', () => {
  afterEach(() => setPasswordChangeRequiredHandler(() => undefined));

  it('any call refused for a temporary password calls the handler (the app goes to /trocar-senha); others do not', async () => {
    logIn();
    const handler = vi.fn();
    setPasswordChangeRequiredHandler(handler);
    stubFetch({
      'GET /api/users': () =>
        json({ code: 'password_change_required', message: 'Troque a sua senha temporária para continuar.' }, 403),
      'GET /api/tenant': () => json({ code: 'forbidden', message: 'Não.' }, 403),
    });
    await expect(http.get('/api/users')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    await expect(http.get('/api/tenant')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('the guard while a temporary password must be changed', () => {
  it('sends every screen to /trocar-senha before it opens, until the change clears the flag', async () => {
    logIn(['home', 'users']);
    const guard = guardRoute(findRoute('users')!);
    const run = () => guard({ request: new Request('http://localhost/users'), params: {}, context: {} } as never);
    setMustChangePassword(true);
    expect(((await run()) as Response).headers.get('Location')).toBe('/trocar-senha');
    setMustChangePassword(false);
    expect(await run()).toBeNull();
  });
});
