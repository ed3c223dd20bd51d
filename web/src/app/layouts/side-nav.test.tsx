import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueRoutes } from '../../config/paths';
import { changeLanguage } from '../../lib/i18n';
import { renderRoutes } from '../../testing/render';
import { navigationFor } from '../navigation';
import { SideNav } from './side-nav';

function renderSideNav() {
  const session = {
    userInfo: { role: { name: 'administrador' }, displayName: 'Ana', email: 'a@b.c', photoURL: null, uid: 1 },
    permissionRoutes: catalogueRoutes.map((route) => route.name),
  } as unknown as Parameters<typeof navigationFor>[0];
  const groups = navigationFor(session);
  return renderRoutes([{ path: '/', element: <SideNav groups={groups} collapsed={false} /> }], '/');
}

// WCAG 3.1.2: English menu labels on a pt-BR page carry lang="en".
describe('SideNav', () => {
  afterEach(() => changeLanguage('pt_BR'));

  it('has no lang of its own in pt_BR', async () => {
    renderSideNav();
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(nav).not.toHaveAttribute('lang');
    expect(screen.getByRole('link', { name: 'Usuários' })).toBeInTheDocument();
  });

  it('is marked lang="en" when the menus speak English', async () => {
    renderSideNav();
    act(() => changeLanguage('en'));
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(nav).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('pt-BR');
  });
});
