import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { isConnectionError } from '../lib/connection';
import { getSession } from '../lib/session';
import { jwtExpiringIn, logIn, stubFetch } from '../testing/fixtures';
import { renderRoutes } from '../testing/render';
import { ensureSession } from './guards';
import { RouteErrorBoundary } from './root';

/** A router whose /roles/list screen is a chunk that fails to load with `error`. */
function renderFailingScreen(error: Error) {
  return renderRoutes(
    [
      {
        ErrorBoundary: RouteErrorBoundary,
        children: [
          { path: '/', element: <p>início</p> },
          { path: '/roles/list', lazy: () => Promise.reject(error) },
        ],
      },
    ],
    '/roles/list',
  );
}

describe('losing the connection mid-navigation', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a screen whose code did not arrive says "Sem conexão" with a retry, not "500 Algo deu errado"', async () => {
    renderFailingScreen(
      new TypeError('Failed to fetch dynamically imported module: http://acme.localhost/assets/roles-list-x.js'),
    );
    expect(await screen.findByRole('heading', { name: 'Sem conexão', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Verifique a internet e tente de novo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
    expect(screen.queryByText('Algo deu errado')).not.toBeInTheDocument();
    expect(screen.queryByText('500')).not.toBeInTheDocument();
    // Not a bug: nothing for the error console.
    expect(console.error).not.toHaveBeenCalled();
  });

  it('"Tentar de novo" reloads only once the server answers again', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://acme.localhost/roles/list', reload });
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderFailingScreen(new TypeError('Failed to fetch dynamically imported module: x.js'));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText(/Ainda sem conexão/)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenLastCalledWith(
      'http://acme.localhost/roles/list',
      expect.objectContaining({ method: 'HEAD', cache: 'no-store' }),
    );
  });

  it('a real error still shows the error page', async () => {
    renderFailingScreen(new Error('Cannot read properties of undefined'));
    expect(await screen.findByText('Algo deu errado')).toBeInTheDocument();
    expect(screen.queryByText('Sem conexão')).not.toBeInTheDocument();
  });

  it('tells connection failures from answers and bugs', () => {
    expect(isConnectionError(new ApiError(0, 'network_error', 'x'))).toBe(true);
    expect(isConnectionError(new TypeError('error loading dynamically imported module: x.js'))).toBe(true);
    expect(isConnectionError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isConnectionError(new Error('Tempo esgotado ao carregar a tela (120 s).'))).toBe(true);
    expect(isConnectionError(new ApiError(500, 'server_error', 'x'))).toBe(false);
    expect(isConnectionError(new ApiError(404, 'not_found', 'x'))).toBe(false);
    expect(isConnectionError(new TypeError('x is not a function'))).toBe(false);
    expect(isConnectionError('Failed to fetch')).toBe(false);
  });

  // Offline with an expired access token: the guard must not throw the session away.
  it('the route guard keeps the session when the refresh cannot reach the server', async () => {
    logIn();
    const expired = jwtExpiringIn(-60);
    localStorage.setItem('accessToken', expired);
    localStorage.setItem('accessTokenExpiry', String(Date.now() - 60_000));
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    stubFetch({ 'POST /api/auth/refresh': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(ensureSession()).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(getSession().accessToken).toBe(expired);
  });
});
