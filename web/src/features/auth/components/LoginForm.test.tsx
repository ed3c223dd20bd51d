import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, isSessionExpiredPending, markSessionExpired } from '../../../lib/session';
import { fakeJwt, json, jwtExpiringIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { takeLoginGreeting } from '../login-greeting';
import { LoginForm } from './LoginForm';

const userInfoAnswer = {
  user: {
    id: 7,
    name: 'Ana Souza',
    username: 'ana',
    email: 'ana@acme.com.br',
    image: 'https://cdn.example/ana.png',
    role: { id: 2, name: 'supervisor', display_name: 'Supervisor' },
    isConnected: false,
  },
  has_permission_routes: ['dashboard-analytics', 'dashboard-report'],
};

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginForm /> },
      { path: '/', element: <p>página inicial</p> },
      { path: '/two-factor', element: <p>dois fatores</p> },
    ],
    '/login',
  );
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/Email/), email);
  if (password) await user.type(screen.getByLabelText(/Senha/), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return user;
}

describe('LoginForm', () => {
  // Failures are logged on purpose; keep the test output for real problems.
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.clear();
  });

  it('validates the fields with pt_BR messages before calling the server', async () => {
    const { fetchMock } = stubFetch({ 'GET /api/ip': () => json({ ip: '1.2.3.4' }) });
    renderLogin();

    await fillAndSubmit('', '');
    expect(await screen.findByText('O campo email é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('O campo senha é obrigatório')).toBeInTheDocument();

    await fillAndSubmit('não-é-email', '');
    expect(await screen.findByText('O campo email deve ser um email válido')).toBeInTheDocument();
    expect(fetchMock.mock.calls.every(([url]) => requestUrl(url).endsWith('/api/ip'))).toBe(true);
  });

  it('logs in: sends email, password and ip, stores the session and user info, goes home', async () => {
    const token = jwtExpiringIn(900);
    const { callsTo } = stubFetch({
      'GET /api/ip': () => json({ ip: '203.0.113.9' }),
      'POST /api/auth/login': () =>
        json({ access_token: token, origin_backoffice: true, has_permission_routes: ['dashboard-analytics'] }),
      'GET /api/auth/userInfo': () => json(userInfoAnswer),
    });
    const { router } = renderLogin();

    await fillAndSubmit('ana@acme.com.br', 'segredo');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: 'ana@acme.com.br',
      password: 'segredo',
      ip: '203.0.113.9',
    });
    expect(callsTo('GET /api/auth/userInfo')[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    const session = getSession();
    expect(session.accessToken).toBe(token);
    expect(session.accessTokenExpiry).toBeGreaterThan(Date.now());
    expect(session.originBackoffice).toBe(true);
    expect(session.permissionRoutes).toEqual(['dashboard-analytics', 'dashboard-report']);
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual({
      role: { name: 'supervisor' },
      displayName: 'Ana Souza',
      email: 'ana@acme.com.br',
      photoURL: 'https://cdn.example/ana.png',
      uid: 7,
    });
  });

  it('a successful login is greeted on the next screen ("Logado com sucesso!"); a failed one is not', async () => {
    takeLoginGreeting();
    stubFetch({
      'GET /api/ip': () => json({ ip: '203.0.113.9' }),
      'POST /api/auth/login': [
        () => json({ code: 'invalid_credentials', message: 'x' }, 401),
        () => json({ access_token: jwtExpiringIn(900), origin_backoffice: true, has_permission_routes: [] }),
      ],
      'GET /api/auth/userInfo': () => json(userInfoAnswer),
    });
    const { router } = renderLogin();

    await fillAndSubmit('ana@acme.com.br', 'errada');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email ou\/e senha errado\(s\)$/);
    expect(takeLoginGreeting()).toBe(false);

    await fillAndSubmit('', 'segredo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(takeLoginGreeting()).toBe(true);
    expect(takeLoginGreeting()).toBe(false);
  });

  it('sends a null ip when the lookup fails', async () => {
    const { callsTo } = stubFetch({
      'GET /api/ip': () => json({ code: 'x' }, 500),
      'POST /api/auth/login': () => json({ message: 'Email ou/e senha errado(s)' }, 401),
    });
    renderLogin();
    await fillAndSubmit('ana@acme.com.br', 'segredo');
    await screen.findByRole('alert');
    expect(callsTo('POST /api/auth/login')[0]?.body).toMatchObject({ ip: null });
    expect(console.error).toHaveBeenCalledWith('[auth] IP lookup failed', expect.anything());
  });

  it('on failure shows exactly the documented message, the lockout hint under it, and keeps the email typed', async () => {
    localStorage.setItem('accessToken', fakeJwt({ exp: 1 }));
    localStorage.setItem(
      'userInfo',
      JSON.stringify({ role: { name: 'x' }, displayName: 'x', email: 'x@x', photoURL: null, uid: 1 }),
    );
    stubFetch({
      'GET /api/ip': () => json({ ip: '1.2.3.4' }),
      'POST /api/auth/login': () => json({ code: 'invalid_credentials', message: 'qualquer' }, 401),
    });
    renderLogin();

    await fillAndSubmit('ana@acme.com.br', 'errada');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Email ou\/e senha errado\(s\)$/);
    // Under the message, never inside it: the message stays exactly the spec's.
    const hint = screen.getByText(
      'Depois de 5 tentativas erradas a conta fica bloqueada por 15 minutos. O administrador da sua empresa pode desbloqueá-la antes.',
    );
    expect(alert.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // What the person typed stays; the password goes and is where the next try starts.
    expect(screen.getByLabelText(/Email/)).toHaveValue('ana@acme.com.br');
    const password = screen.getByLabelText(/Senha/);
    expect(password).toHaveValue('');
    await waitFor(() => expect(password).toHaveFocus());
    // What was stored goes.
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('a host without a company says so instead of the wrong-password message', async () => {
    stubFetch({
      'GET /api/ip': () => json({ code: 'tenant_not_found', message: 'x' }, 404),
      'POST /api/auth/login': () =>
        json({ code: 'tenant_not_found', message: 'O host não corresponde a um tenant ativo.', errors: [] }, 404),
    });
    renderLogin();
    await fillAndSubmit('ana@acme.com.br', 'segredo');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Empresa não encontrada\. Confira o endereço \(ex\.: suaempresa\..+\)\.$/);
    expect(screen.queryByText(/Email ou\/e senha errado/)).not.toBeInTheDocument();
    expect(screen.queryByText(/tentativas erradas/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('ana@acme.com.br');
  });

  it('too many attempts say how long to wait (Retry-After)', async () => {
    stubFetch({
      'GET /api/ip': () => json({ ip: '1.2.3.4' }),
      'POST /api/auth/login': [
        () =>
          new Response(JSON.stringify({ code: 'rate_limited', message: 'Muitas tentativas.' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '37' },
          }),
        () => json({ code: 'rate_limited', message: 'Muitas tentativas.' }, 429),
      ],
    });
    renderLogin();
    const user = await fillAndSubmit('ana@acme.com.br', 'segredo');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Muitas tentativas\. Tente de novo em 37 s\.$/);

    // Without the header: no number is made up.
    await user.type(screen.getByLabelText(/Senha/), 'segredo');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Muitas tentativas. Aguarde um pouco e tente de novo.'),
    );
  });

  it('no connection says so, not that the password is wrong', async () => {
    stubFetch({
      'GET /api/ip': () => Promise.reject(new TypeError('Failed to fetch')),
      'POST /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderLogin();
    await fillAndSubmit('ana@acme.com.br', 'segredo');
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem conexão. Verifique a internet e tente de novo.');
  });

  it('after the server ended the session, says so once', async () => {
    markSessionExpired();
    stubFetch({
      'GET /api/ip': () => json({ ip: '1.2.3.4' }),
      'POST /api/auth/login': () => json({ code: 'invalid_credentials', message: 'x' }, 401),
    });
    const first = renderLogin();
    expect(screen.getByRole('status')).toHaveTextContent('Sua sessão expirou, entre novamente.');
    // Shown once: the next visit to /login does not say it again.
    expect(isSessionExpiredPending()).toBe(false);
    // Submitting puts the answer in its place.
    await fillAndSubmit('ana@acme.com.br', 'errada');
    await screen.findByRole('alert');
    expect(screen.queryByText('Sua sessão expirou, entre novamente.')).not.toBeInTheDocument();
    first.unmount();

    renderLogin();
    expect(screen.queryByText('Sua sessão expirou, entre novamente.')).not.toBeInTheDocument();
  });

  it('"Esqueci minha senha" explains that the administrator sets a temporary password (no e-mail)', async () => {
    stubFetch({ 'GET /api/ip': () => json({ ip: '1.2.3.4' }) });
    renderLogin();
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Esqueci minha senha' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/senha temporária/)).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).toBeVisible();
    expect(panel).toHaveTextContent(/Usuários/);
    expect(panel).toHaveTextContent(/senha\s+temporária/);
    expect(panel).toHaveTextContent(/Não enviamos e-mail/);
  });

  it('asks for the 6-digit code when two-factor is on, then logs in', async () => {
    const token = jwtExpiringIn(900);
    const { callsTo } = stubFetch({
      'GET /api/ip': () => json({ ip: '1.2.3.4' }),
      'POST /api/auth/login': () => json({ two_factor_required: true, challenge: 'ch-1' }),
      'POST /api/auth/login/two-factor': () =>
        json({ access_token: token, origin_backoffice: false, has_permission_routes: [] }),
      'GET /api/auth/userInfo': () => json(userInfoAnswer),
    });
    const { router } = renderLogin();

    const user = await fillAndSubmit('ana@acme.com.br', 'segredo');
    expect(await screen.findByText(/código de 6 dígitos/)).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();

    const [first] = screen.getAllByRole('textbox');
    await user.click(first!);
    await user.paste('123456');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo('POST /api/auth/login/two-factor')).toHaveLength(1);
    expect(callsTo('POST /api/auth/login/two-factor')[0]?.body).toEqual({ challenge: 'ch-1', code: '123456' });
    expect(getSession().accessToken).toBe(token);
  });

  it('a wrong code brings back the credentials with the same message, the email still typed', async () => {
    stubFetch({
      'GET /api/ip': () => json({ ip: '1.2.3.4' }),
      'POST /api/auth/login': () => json({ two_factor_required: true, challenge: 'ch-1' }),
      'POST /api/auth/login/two-factor': () => json({ message: 'Código inválido' }, 401),
    });
    renderLogin();

    const user = await fillAndSubmit('ana@acme.com.br', 'segredo');
    await screen.findByText(/código de 6 dígitos/);
    const [first] = screen.getAllByRole('textbox');
    await user.click(first!);
    await user.paste('000000');

    expect(await screen.findByRole('alert')).toHaveTextContent('Email ou/e senha errado(s)');
    expect(screen.getByText(/Depois de 5 tentativas erradas/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('ana@acme.com.br');
    expect(screen.getByLabelText(/Senha/)).toHaveValue('');
  });

  it('sends a user whose role requires two-factor, not yet on, to /two-factor saying why', async () => {
    stubFetch({
      'GET /api/ip': () => json({ ip: '1.2.3.4' }),
      'POST /api/auth/login': () =>
        json({
          access_token: jwtExpiringIn(900),
          origin_backoffice: false,
          has_permission_routes: ['dashboard-analytics'],
          two_factor_enrollment_required: true,
        }),
      'GET /api/auth/userInfo': () => json(userInfoAnswer),
    });
    const { router } = renderLogin();

    await fillAndSubmit('ana@acme.com.br', 'segredo');

    await waitFor(() => expect(router.state.location.pathname).toBe('/two-factor'));
    expect(router.state.location.state).toEqual({ enrollmentRequired: true });
    expect(getSession().userInfo?.displayName).toBe('Ana Souza');
  });
});
