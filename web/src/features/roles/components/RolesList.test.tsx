import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { RolesList } from './RolesList';

const roles = [
  {
    id: 1,
    name: 'administrador',
    display_name: 'Administrador',
    has_permission_routes: ['home', 'users', 'roles-list', 'roles-edit'],
    require_two_factor: true,
  },
  { id: 3, name: 'atendente', display_name: 'Atendente', has_permission_routes: ['home'], require_two_factor: false },
];

function renderList() {
  return renderRoutes([{ path: '/roles/list', element: <RolesList /> }], '/roles/list');
}

describe('RolesList', () => {
  it('lists each role with its number of routes, two-factor requirement and an edit link', async () => {
    logIn(['roles-list', 'roles-edit']);
    stubFetch({ 'GET /api/permission': () => json(roles) });
    renderList();

    const table = await screen.findByRole('table');
    const admin = within(table).getByRole('row', { name: /Administrador/ });
    expect(admin).toHaveTextContent('4 rotas');
    expect(admin).toHaveTextContent(/obrigatória/i);
    const attendant = within(table).getByRole('row', { name: /Atendente/ });
    expect(attendant).toHaveTextContent('1 rota');
    expect(attendant).toHaveTextContent(/opcional/i);
    expect(within(attendant).getByRole('link', { name: 'Editar o perfil Atendente' })).toHaveAttribute(
      'href',
      '/roles/edit/3',
    );
  });

  it('offers no edit action without the roles-edit route', async () => {
    logIn(['roles-list']);
    stubFetch({ 'GET /api/permission': () => json(roles) });
    renderList();
    await screen.findByRole('table');
    expect(screen.queryAllByRole('link', { name: /Editar o perfil/ })).toHaveLength(0);
  });

  it('says so when there is no role', async () => {
    logIn(['roles-list']);
    stubFetch({ 'GET /api/permission': () => json([]) });
    renderList();
    expect(await screen.findByText('Nenhum perfil cadastrado')).toBeInTheDocument();
  });

  it("shows the server's message on failure and tries again", async () => {
    logIn(['roles-list']);
    const { callsTo } = stubFetch({
      'GET /api/permission': [
        () => json({ code: 'forbidden', message: 'Você não tem permissão para acessar este recurso.' }, 403),
        () => json(roles),
      ],
    });
    renderList();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os perfis.');
    expect(alert).toHaveTextContent('Você não tem permissão para acessar este recurso.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(callsTo('GET /api/permission')).toHaveLength(2);
  });
});
