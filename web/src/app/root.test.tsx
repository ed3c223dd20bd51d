import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../testing/fixtures';
import { renderRoutes } from '../testing/render';
import { documentTitle } from './document-title';
import { RootRoute } from './root';
import { routes } from './router';

// WCAG 2.4.2: every page has a title naming it, "<página> · Back-office", in pt_BR.
describe('document title', () => {
  beforeEach(() => {
    // ScrollRestoration scrolls; jsdom only logs that it cannot.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    stubFetch({ 'GET /api/ip': () => json({ ip: '203.0.113.7' }) });
  });

  it('names the page before the product', () => {
    expect(documentTitle('Usuários')).toBe('Usuários · Back-office');
    expect(documentTitle(null)).toBe('Back-office');
  });

  it.each([
    ['/login', 'Entrar · Back-office'],
    ['/pages/error-404', 'Página não encontrada · Back-office'],
    ['/pages/error-500', 'Algo deu errado · Back-office'],
    ['/pages/not-authorized', 'Acesso não autorizado · Back-office'],
    ['/pages/comingsoon', 'Em breve · Back-office'],
  ])('titles the plain page %s', async (path, title) => {
    renderRoutes(routes, path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('titles a catalogue route with its pt_BR label, also for screens shared by routes', async () => {
    const { router } = renderRoutes(
      [
        {
          Component: RootRoute,
          children: [
            { path: '/users', handle: { routeName: 'users' }, element: <p>usuários</p> },
            { path: '/roles/edit/:id', handle: { routeName: 'roles-edit' }, element: <p>perfil</p> },
            { path: '/dashboard/maria-panel', handle: { routeName: 'dashboard-maria-panel' }, element: <p>painel</p> },
          ],
        },
      ],
      '/users',
    );
    await waitFor(() => expect(document.title).toBe('Usuários · Back-office'));
    await router.navigate('/roles/edit/3');
    await waitFor(() => expect(document.title).toBe('Editar perfil · Back-office'));
    await router.navigate('/dashboard/maria-panel');
    await waitFor(() => expect(document.title).toBe('Painel Maria · Back-office'));
  });
});
