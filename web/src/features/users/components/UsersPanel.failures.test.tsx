import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { User } from '../api/get-users';
import { UsersPanel } from './UsersPanel';

const carla: User = {
  id: 3,
  name: 'Carla Dias',
  username: 'carla.dias',
  email: 'carla.dias@acme.com.br',
  image: null,
  role: { id: 3, name: 'atendente', display_name: 'Atendente' },
  isConnected: false,
  away: false,
  userDepartment: null,
  userInstances: [],
  isFunctional: false,
  blocked: false,
  twoFactorEnabled: false,
  mustChangePassword: false,
};
const page = (users: User[]) => ({ data: users, pagination: { page: 1, limit: 20, total: users.length, pages: 1 } });

// The specification's §8 on the users screen (docs/contracts.md#error-messages).
describe('users screen failures', () => {
  beforeEach(() => {
    logIn(['users']);
    notifications.clean();
  });

  it('a list that fails is an empty list with the error beside it; "Tentar novamente" reads it again', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/users': [
        () => json({ code: 'database_unavailable', message: 'O banco de dados não respondeu a tempo.' }, 503),
        () => json(page([carla])),
      ],
    });
    renderWithProviders(<UsersPanel />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Não foi possível carregar os usuários.')).toBeInTheDocument();
    expect(within(alert).getByText('O banco de dados não respondeu a tempo.')).toBeInTheDocument();
    // The screen stays whole: the search and "Novo usuário" are there, the list is empty.
    expect(screen.getByText('Nenhum usuário na lista')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Buscar usuários' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Novo usuário/ }).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('user-row-3')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('user-row-3')).toBeInTheDocument();
    expect(screen.queryByText('Nenhum usuário na lista')).not.toBeInTheDocument();
    expect(callsTo('GET /api/users')).toHaveLength(2);
  });

  it('a delete answered false shows the server pt_BR message, and the user stays', async () => {
    const user = userEvent.setup();
    const show = vi.spyOn(notifications, 'show');
    stubFetch({
      'GET /api/users': () => json(page([carla])),
      'DELETE /api/users/3': () =>
        json({ code: 'cannot_delete_self', message: 'Você não pode excluir o seu próprio usuário.', errors: [] }, 422),
    });
    renderWithProviders(<UsersPanel />);
    await screen.findByTestId('user-row-3');
    await user.click(within(screen.getByTestId('user-row-3')).getByRole('button', { name: 'Ações de Carla Dias' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir usuário' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          title: 'Não foi possível excluir o usuário',
          message: 'Você não pode excluir o seu próprio usuário.',
        }),
      ),
    );
    expect(screen.getByTestId('user-row-3')).toBeInTheDocument();
  });

  it('a name change answered false shows the server message in the form', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/users': () => json(page([carla])),
      'PUT /api/users/3': () =>
        json(
          {
            code: 'unprocessable_entity',
            message: 'Dados inválidos.',
            errors: [{ field: 'name', message: 'O nome pode ter no máximo 120 caracteres.' }],
          },
          422,
        ),
    });
    renderWithProviders(<UsersPanel />);
    await screen.findByTestId('user-row-3');
    await user.click(within(screen.getByTestId('user-row-3')).getByRole('button', { name: 'Ações de Carla Dias' }));
    await user.click(await screen.findByRole('menuitem', { name: /Alterar nome/ }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox');
    await user.clear(field);
    await user.type(field, 'Carla Souza');
    await user.click(within(dialog).getByRole('button', { name: /Salvar/ }));
    expect(await within(dialog).findByText('O nome pode ter no máximo 120 caracteres.')).toBeInTheDocument();
  });
});
