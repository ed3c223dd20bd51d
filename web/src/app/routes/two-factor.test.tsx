import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, logIn, stubFetch } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { Component as TwoFactorScreen } from './two-factor';

function userInfo(twoFactorEnabled: boolean) {
  return {
    user: {
      id: 7,
      name: 'Ana Souza',
      username: 'ana',
      email: 'ana@acme.com.br',
      image: null,
      role: { id: 2, name: 'supervisor', display_name: 'Supervisor' },
      twoFactorEnabled,
    },
    has_permission_routes: ['home'],
  };
}

function renderScreen(state: unknown) {
  const { router, ...result } = renderRoutes([{ path: '/two-factor', element: <TwoFactorScreen /> }], '/two-factor');
  void router.navigate('/two-factor', { state });
  return result;
}

describe('/two-factor', () => {
  it('explains why when the role requires two-factor and it is off', async () => {
    logIn();
    stubFetch({ 'GET /api/auth/userInfo': () => json(userInfo(false)) });
    renderScreen({ enrollmentRequired: true });
    expect(await screen.findByText('Seu perfil exige a autenticação em dois fatores')).toBeInTheDocument();
    expect(screen.getByText('Desativada')).toBeInTheDocument();
  });

  it('shows the status from the user info, without the explanation when not sent here', async () => {
    logIn();
    stubFetch({ 'GET /api/auth/userInfo': () => json(userInfo(true)) });
    renderScreen(null);
    expect(await screen.findByText('Ativada')).toBeInTheDocument();
    expect(screen.queryByText('Seu perfil exige a autenticação em dois fatores')).not.toBeInTheDocument();
  });
});
