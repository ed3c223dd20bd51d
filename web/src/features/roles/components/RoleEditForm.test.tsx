import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session';
import { ana, json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { PermissionCategory } from '../api/get-permission-categories';
import type { Role } from '../api/get-roles';
import { RoleEditForm } from './RoleEditForm';

const categories: PermissionCategory[] = [
  {
    id: 'geral',
    label: 'Geral',
    permissions: [
      { id: 1, route_name: 'home', category: 'geral' },
      { id: 2, route_name: 'two-factor', category: 'geral' },
    ],
  },
  {
    id: 'administracao',
    label: 'Administração',
    permissions: [
      { id: 4, route_name: 'users', category: 'administracao' },
      { id: 7, route_name: 'roles-list', category: 'administracao' },
      { id: 8, route_name: 'roles-edit', category: 'administracao' },
    ],
  },
];

const attendant: Role = {
  id: 3,
  name: 'atendente',
  display_name: 'Atendente',
  has_permission_routes: ['home'],
  require_two_factor: false,
};

function renderForm(role: Role = attendant) {
  return renderRoutes(
    [
      {
        path: '/roles/edit/:id',
        element: <RoleEditForm role={role} categories={categories} cancelPath="/roles/list" />,
      },
      { path: '/roles/list', element: <p>lista</p> },
    ],
    `/roles/edit/${role.id}`,
  );
}

describe('RoleEditForm', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });

  it('shows the routes by category with their translated labels, checked as the role has them', () => {
    renderForm();
    expect(screen.getByRole('group', { name: 'Administração' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Início/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Usuários/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Perfis de acesso/ })).not.toBeChecked();
    expect(screen.getByText('1 de 5 selecionadas')).toBeInTheDocument();
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  it('"select all" checks a whole category; save sends the routes in catalogue order and the switch', async () => {
    logIn(['roles-edit'], ana);
    const { callsTo } = stubFetch({
      'POST /api/permission/update': (call) => {
        const body = call.body as { permissions: string[]; requireTwoFactor: boolean };
        return json({
          ...attendant,
          has_permission_routes: body.permissions,
          require_two_factor: body.requireTwoFactor,
        });
      },
    });
    const user = userEvent.setup();
    renderForm();

    const selectAll = screen.getByRole('checkbox', { name: 'Selecionar todas as telas de Administração' });
    await user.click(screen.getByRole('checkbox', { name: /^Usuários/ }));
    expect(selectAll).toHaveAttribute('data-indeterminate', 'true');
    await user.click(selectAll);
    expect(screen.getByRole('checkbox', { name: /^Editar perfil/ })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: /Exigir autenticação em dois fatores/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(callsTo('POST /api/permission/update')).toHaveLength(1));
    expect(callsTo('POST /api/permission/update')[0]?.body).toEqual({
      roleId: 3,
      permissions: ['home', 'users', 'roles-list', 'roles-edit'],
      requireTwoFactor: true,
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'teal', title: 'Perfil salvo' }),
      ),
    );
    // Not the user's own role (ana is a supervisor): their menu is left alone.
    expect(getSession().permissionRoutes).toEqual(['roles-edit']);
  });

  it("saving the user's own role stores its routes at once, so the menu follows", async () => {
    logIn(['home', 'roles-list', 'roles-edit'], { ...ana, role: { name: 'atendente' } });
    stubFetch({
      'POST /api/permission/update': () =>
        json({ ...attendant, has_permission_routes: ['home', 'users', 'roles-list', 'roles-edit'] }),
    });
    const user = userEvent.setup();
    renderForm({ ...attendant, has_permission_routes: ['home', 'roles-list', 'roles-edit'] });

    await user.click(screen.getByRole('checkbox', { name: /^Usuários/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(getSession().permissionRoutes).toEqual(['home', 'users', 'roles-list', 'roles-edit']));
  });

  it('shows the server message as a toast and the field error next to the routes', async () => {
    logIn(['roles-edit']);
    const message = 'O perfil administrador precisa manter as rotas de perfis (roles-list e roles-edit).';
    stubFetch({
      'POST /api/permission/update': () =>
        json({ code: 'admin_keeps_roles', message, errors: [{ field: 'permissions', message }] }, 422),
    });
    const user = userEvent.setup();
    renderForm({ ...attendant, id: 1, name: 'administrador', display_name: 'Administrador' });

    expect(screen.getByText(/O perfil administrador sempre mantém/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /^Usuários/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', title: 'Não foi possível salvar o perfil', message }),
    );
    // Changing the selection clears the stale error.
    await user.click(screen.getByRole('checkbox', { name: /^Usuários/ }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaving with unsaved changes asks "Descartar alterações?"; staying keeps them', async () => {
    const user = userEvent.setup();
    const { router } = renderForm();
    const users = screen.getByRole('checkbox', { name: /^Usuários/ });
    await user.click(users);

    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descartar alterações?' });
    expect(dialog).toHaveTextContent('As mudanças no perfil “Atendente” ainda não foram salvas.');
    expect(router.state.location.pathname).toBe('/roles/edit/3');
    await user.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/roles/edit/3');
    expect(users).toBeChecked();

    // Any navigation, not only the form's own link (the menu, the browser's back).
    void router.navigate('/roles/list');
    await screen.findByRole('dialog', { name: 'Descartar alterações?' });
    await user.click(screen.getByRole('button', { name: 'Descartar alterações' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles/list'));
  });

  it('reloading or closing the tab with unsaved changes asks the browser to confirm', async () => {
    const user = userEvent.setup();
    renderForm();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /^Usuários/ }));
    expect(unload()).toBe(true);
    // Undone by hand: nothing left to lose.
    await user.click(screen.getByRole('checkbox', { name: /^Usuários/ }));
    expect(unload()).toBe(false);
  });

  it('after saving, leaving does not ask (the changes are the saved ones)', async () => {
    logIn(['roles-edit'], ana);
    stubFetch({
      'POST /api/permission/update': () => json({ ...attendant, has_permission_routes: ['home', 'users'] }),
    });
    const user = userEvent.setup();
    const { router } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: /^Usuários/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // Saved: the form is clean again, so its link says "Voltar", and it just goes.
    await user.click(await screen.findByRole('link', { name: 'Voltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/roles/list'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
