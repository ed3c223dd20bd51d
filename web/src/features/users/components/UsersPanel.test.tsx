import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, requestUrl, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { User } from '../api/get-users';
import { UsersPanel } from './UsersPanel';

function makeUser(id: number, name: string, extra: Partial<User> = {}): User {
  return {
    id,
    name,
    username: name.toLowerCase().replace(/\s+/g, '.'),
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@acme.com.br`,
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
    ...extra,
  };
}

function page(users: User[], pagination: Partial<{ page: number; limit: number; total: number; pages: number }> = {}) {
  return { data: users, pagination: { page: 1, limit: 20, total: users.length, pages: 1, ...pagination } };
}

const bruno = makeUser(2, 'Bruno Lima', {
  blocked: true,
  userDepartment: { id: 1, name: 'Vendas', activated: true },
  userInstances: [{ id: 9, instance: { id: 4, name: 'WhatsApp Vendas', activated: true } }],
});
const carla = makeUser(3, 'Carla Dias', { isConnected: true });

const OPTIONS = {
  roles: [
    { id: 1, name: 'administrador', display_name: 'Administrador' },
    { id: 3, name: 'atendente', display_name: 'Atendente' },
  ],
  departments: [{ id: 5, name: 'Suporte', activated: true }],
  instances: [
    { id: 7, name: 'Instagram', activated: false },
    { id: 4, name: 'WhatsApp Vendas', activated: true },
  ],
};

/** Query string of the n-th GET /api/users. */
function usersQuery(fetchMock: ReturnType<typeof stubFetch>['fetchMock'], index: number): URLSearchParams {
  const urls = fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/users');
  const url = urls[index];
  if (!url) throw new Error(`no GET /api/users #${index}`);
  return url.searchParams;
}

describe('UsersPanel', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['users', 'roles-list', 'instances'], {
      role: { name: 'administrador' },
      displayName: 'Ana',
      email: 'ana@acme.com.br',
      photoURL: null,
      uid: 1,
    });
  });

  it('shows a page of users with role, department, instances and status, asking the server for page 1 of 20', async () => {
    const { fetchMock } = stubFetch({ 'GET /api/users': () => json(page([bruno, carla], { total: 42, pages: 3 })) });
    renderWithProviders(<UsersPanel />);
    const row = await screen.findByTestId('user-row-2');
    expect(within(row).getByText('Bruno Lima')).toBeInTheDocument();
    expect(within(row).getByText('Vendas')).toBeInTheDocument();
    expect(within(row).getByText('WhatsApp Vendas')).toBeInTheDocument();
    expect(within(row).getByText('Acesso bloqueado')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-row-3')).getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('1–20 de 42 usuários')).toBeInTheDocument();
    const query = usersQuery(fetchMock, 0);
    expect(query.get('page')).toBe('1');
    expect(query.get('limit')).toBe('20');
    expect(query.has('search')).toBe(false);
  });

  it('says Ausente for a connected user who is away, and reads an older answer without `away` as not away', async () => {
    const dora = makeUser(4, 'Dora Reis', { isConnected: true, away: true });
    // An older server sends no `away`: Online / Offline from `isConnected`, as before.
    const { away: _away, ...older } = carla;
    stubFetch({ 'GET /api/users': () => json(page([older as User, dora])) });
    renderWithProviders(<UsersPanel />);
    const row = await screen.findByTestId('user-row-4');
    expect(within(row).getByText('Ausente')).toBeInTheDocument();
    expect(within(row).queryByText('Online')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('user-row-3')).getByText('Online')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-card-4')).getByText('Ausente')).toBeInTheDocument();
  });

  it('searches on the server once typing pauses, from page 1', async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubFetch({
      'GET /api/users': [() => json(page([bruno, carla])), () => json(page([carla]))],
    });
    renderWithProviders(<UsersPanel />);
    await screen.findByTestId('user-row-2');
    await user.type(screen.getByRole('textbox', { name: 'Buscar usuários' }), 'carla');
    await waitFor(() => expect(screen.queryByTestId('user-row-2')).not.toBeInTheDocument());
    // One request for the whole word, not one per key.
    const searches = fetchMock.mock.calls.filter(([input]) => requestUrl(input).includes('search='));
    expect(searches).toHaveLength(1);
    expect(usersQuery(fetchMock, 1).get('search')).toBe('carla');
    expect(usersQuery(fetchMock, 1).get('page')).toBe('1');
  });

  it('says so when a search finds nobody, and offers to clear it', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/users': [() => json(page([bruno])), () => json(page([], { total: 0, pages: 0 }))] });
    renderWithProviders(<UsersPanel />);
    await screen.findByTestId('user-row-2');
    await user.type(screen.getByRole('textbox', { name: 'Buscar usuários' }), 'zzz');
    expect(await screen.findByText('Nenhum usuário encontrado')).toBeInTheDocument();
    expect(screen.getByText('Nenhum nome, email ou usuário contém “zzz”.')).toBeInTheDocument();
  });

  it('shows the error with a retry when the list fails', async () => {
    stubFetch({
      'GET /api/users': () => json({ code: 'forbidden', message: 'Você não tem permissão para abrir esta tela.' }, 403),
    });
    renderWithProviders(<UsersPanel />);
    expect(await screen.findByText('Não foi possível carregar os usuários.')).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissão para abrir esta tela.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('deletes a user after confirmation', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/users': () => json(page([bruno, carla])),
      'DELETE /api/users/3': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<UsersPanel />);
    await screen.findByTestId('user-row-3');
    await user.click(within(screen.getByTestId('user-row-3')).getByRole('button', { name: 'Ações de Carla Dias' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir usuário' });
    expect(callsTo('DELETE /api/users/3')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(callsTo('DELETE /api/users/3')).toHaveLength(1));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Usuário excluído' })),
    );
  });

  it('"Desconectar" only for someone else who is online; confirmed, it marks them away and the row says Offline', async () => {
    const user = userEvent.setup();
    const self = makeUser(1, 'Ana', { isConnected: true });
    const { callsTo } = stubFetch({
      'GET /api/users': [
        () => json(page([self, bruno, carla])),
        () => json(page([self, bruno, { ...carla, isConnected: false }])),
      ],
      'POST /graphql': () => json({ data: { disconnectUser: true } }),
    });
    renderWithProviders(<UsersPanel />);
    const carlaRow = await screen.findByTestId('user-row-3');
    expect(within(carlaRow).getByText('Online')).toBeInTheDocument();
    // Not for oneself (the header's status does that), nor for someone offline.
    for (const [id, name] of [
      [1, 'Ana'],
      [2, 'Bruno Lima'],
    ] as const) {
      await user.click(within(screen.getByTestId(`user-row-${id}`)).getByRole('button', { name: `Ações de ${name}` }));
      expect(await screen.findByRole('menuitem', { name: 'Editar' })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: 'Desconectar' })).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Editar' })).not.toBeInTheDocument());
    }

    await user.click(within(carlaRow).getByRole('button', { name: 'Ações de Carla Dias' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Desconectar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desconectar usuário' });
    expect(dialog).toHaveTextContent('Marcar Carla Dias como Offline?');
    expect(callsTo('POST /graphql')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Desconectar' }));
    await waitFor(() => expect(callsTo('POST /graphql')).toHaveLength(1));
    expect(callsTo('POST /graphql')[0]?.body).toEqual({
      query: 'mutation DisconnectUser($userId: Int!) { disconnectUser(user_id: $userId) }',
      variables: { userId: 3 },
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith({
        color: 'teal',
        title: 'Usuário desconectado',
        message: 'Carla Dias agora aparece como Offline.',
      }),
    );
    await waitFor(() => expect(within(screen.getByTestId('user-row-3')).getByText('Offline')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Desconectar usuário' })).not.toBeInTheDocument());
  });

  it('offers no delete for the logged-in user, and unblock only for a blocked one', async () => {
    const user = userEvent.setup();
    const self = makeUser(1, 'Ana');
    stubFetch({ 'GET /api/users': () => json(page([self, bruno])) });
    renderWithProviders(<UsersPanel />);
    await screen.findByTestId('user-row-1');
    await user.click(within(screen.getByTestId('user-row-1')).getByRole('button', { name: 'Ações de Ana' }));
    expect(await screen.findByRole('menuitem', { name: 'Editar' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Desbloquear' })).not.toBeInTheDocument();
    // Nobody sets their own temporary password or resets their own two-factor here.
    expect(screen.queryByRole('menuitem', { name: 'Definir senha temporária' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Redefinir dois fatores' })).not.toBeInTheDocument();
  });

  it('"Redefinir dois fatores" only for someone with two-factor on; confirmed, it turns it off without a code', async () => {
    const user = userEvent.setup();
    const eva = makeUser(6, 'Eva Lopes', { twoFactorEnabled: true });
    const { callsTo } = stubFetch({
      'GET /api/users': [
        () => json(page([carla, eva])),
        () => json(page([carla, { ...eva, twoFactorEnabled: false }])),
      ],
      'PATCH /api/user-settings/6': () => json({ two_factor_enabled: false }),
    });
    renderWithProviders(<UsersPanel />);
    const row = await screen.findByTestId('user-row-6');
    expect(within(row).getByText('Dois fatores')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('user-row-3')).getByRole('button', { name: 'Ações de Carla Dias' }));
    expect(await screen.findByRole('menuitem', { name: 'Definir senha temporária' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Redefinir dois fatores' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(row).getByRole('button', { name: 'Ações de Eva Lopes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Redefinir dois fatores' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redefinir dois fatores' });
    expect(dialog).toHaveTextContent('Os códigos de recuperação deixam de valer.');
    expect(dialog).not.toHaveTextContent(/\b(ele|ela|dele|dela)\b/);
    await user.click(within(dialog).getByRole('button', { name: 'Redefinir' }));
    await waitFor(() => expect(callsTo('PATCH /api/user-settings/6')).toHaveLength(1));
    expect(callsTo('PATCH /api/user-settings/6')[0]?.body).toEqual({ action: 'disable' });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Dois fatores redefinidos' })),
    );
    // A recent login: the server asked no password, so no modal showed.
    expect(screen.queryByRole('dialog', { name: 'Confirme a sua senha' })).toBeNull();
    expect(callsTo('PATCH /api/user-settings/6')).toHaveLength(1);
    await waitFor(() => expect(within(screen.getByTestId('user-row-6')).queryByText('Dois fatores')).toBeNull());
  });

  it('"Redefinir dois fatores" without a recent login: the administrator confirms their own password, then the same call goes again', async () => {
    const user = userEvent.setup();
    const eva = makeUser(6, 'Eva Lopes', { twoFactorEnabled: true });
    const { callsTo } = stubFetch({
      'GET /api/users': [
        () => json(page([carla, eva])),
        () => json(page([carla, { ...eva, twoFactorEnabled: false }])),
      ],
      'PATCH /api/user-settings/6': [
        () =>
          json(
            {
              code: 'reauthentication_required',
              message: 'Confirme a sua senha atual para continuar.',
              errors: [{ field: 'currentPassword', message: 'Confirme a sua senha atual para continuar.' }],
            },
            422,
          ),
        () =>
          json(
            {
              code: 'invalid_current_password',
              message: 'Senha atual incorreta.',
              errors: [{ field: 'currentPassword', message: 'Senha atual incorreta.' }],
            },
            422,
          ),
        () => json({ two_factor_enabled: false }),
      ],
    });
    renderWithProviders(<UsersPanel />);
    const row = await screen.findByTestId('user-row-6');
    await user.click(within(row).getByRole('button', { name: 'Ações de Eva Lopes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Redefinir dois fatores' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Redefinir dois fatores' })).getByRole('button', {
        name: 'Redefinir',
      }),
    );

    // The password modal takes the confirmation's place: one dialog at a time.
    const dialog = await screen.findByRole('dialog', { name: 'Confirme a sua senha' });
    expect(dialog).toHaveTextContent('confirme a sua própria senha');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Redefinir dois fatores' })).toBeNull());
    expect(callsTo('PATCH /api/user-settings/6')[0]?.body).toEqual({ action: 'disable' });

    const field = within(dialog).getByLabelText(/^Senha atual/);
    await user.type(field, 'Errada#1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('Senha atual incorreta.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Confirme a sua senha' })).toBeInTheDocument();
    expect(notifications.show).not.toHaveBeenCalled();

    await user.type(field, 'Admin#Senha!1');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Dois fatores redefinidos' })),
    );
    expect(callsTo('PATCH /api/user-settings/6').map((call) => call.body)).toEqual([
      { action: 'disable' },
      { action: 'disable', currentPassword: 'Errada#1' },
      { action: 'disable', currentPassword: 'Admin#Senha!1' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(screen.getByTestId('user-row-6')).queryByText('Dois fatores')).toBeNull());
  });

  it('closing the password modal cancels the reset: no error, nothing sent again', async () => {
    const user = userEvent.setup();
    const eva = makeUser(6, 'Eva Lopes', { twoFactorEnabled: true });
    const { callsTo } = stubFetch({
      'GET /api/users': () => json(page([eva])),
      'PATCH /api/user-settings/6': () =>
        json(
          {
            code: 'reauthentication_required',
            message: 'Confirme a sua senha atual para continuar.',
            errors: [{ field: 'currentPassword', message: 'Confirme a sua senha atual para continuar.' }],
          },
          422,
        ),
    });
    renderWithProviders(<UsersPanel />);
    const row = await screen.findByTestId('user-row-6');
    await user.click(within(row).getByRole('button', { name: 'Ações de Eva Lopes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Redefinir dois fatores' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Redefinir dois fatores' })).getByRole('button', {
        name: 'Redefinir',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirme a sua senha' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo('PATCH /api/user-settings/6')).toHaveLength(1);
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('sets a temporary password: the meter, a weak one refused before sending, the server field error, then saved', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/users': () => json(page([carla])),
      'POST /api/users/3/temporary-password': [
        () =>
          json(
            {
              code: 'weak_password',
              message: 'Senha fraca.',
              errors: [{ field: 'password', message: 'A senha não atende à regra de força.' }],
            },
            422,
          ),
        () => json({ ...carla, mustChangePassword: true }),
      ],
    });
    renderWithProviders(<UsersPanel />);
    await user.click(
      within(await screen.findByTestId('user-row-3')).getByRole('button', { name: 'Ações de Carla Dias' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Definir senha temporária' }));
    const dialog = await screen.findByRole('dialog', { name: 'Definir senha temporária' });
    expect(dialog).toHaveTextContent('terá de escolher uma nova antes de continuar');
    const input = within(dialog).getByLabelText(/^Senha temporária/);

    await user.type(input, 'abc');
    expect(within(dialog).getByTestId('password-strength-label')).toHaveTextContent(/^Senha fraca$/);
    await user.click(within(dialog).getByRole('button', { name: 'Definir senha' }));
    expect(await within(dialog).findByText(/^Senha fraca\. Para ser aceita: mais 5 caracteres/)).toBeInTheDocument();
    expect(callsTo('POST /api/users/3/temporary-password')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'Tempor#aria!9');
    await user.click(within(dialog).getByRole('button', { name: 'Definir senha' }));
    expect(await within(dialog).findByText('A senha não atende à regra de força.')).toBeInTheDocument();
    expect(callsTo('POST /api/users/3/temporary-password')[0]?.body).toEqual({ password: 'Tempor#aria!9' });

    // "Gerar uma senha" fills a strong one and shows it.
    await user.click(within(dialog).getByRole('button', { name: 'Gerar uma senha' }));
    expect(within(dialog).getByTestId('password-strength-label')).toHaveTextContent(/^Senha forte$/);
    expect(input).toHaveAttribute('type', 'text');
    const generated = (input as HTMLInputElement).value;
    await user.click(within(dialog).getByRole('button', { name: 'Definir senha' }));
    await waitFor(() => expect(callsTo('POST /api/users/3/temporary-password')).toHaveLength(2));
    expect(callsTo('POST /api/users/3/temporary-password')[1]?.body).toEqual({ password: generated });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Senha temporária definida' })),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 15_000);

  it('unblocks a blocked user with PATCH /api/users/{id}', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/users': () => json(page([bruno])),
      'PATCH /api/users/2': () => json({ ...bruno, blocked: false }),
    });
    renderWithProviders(<UsersPanel />);
    await screen.findByTestId('user-row-2');
    await user.click(within(screen.getByTestId('user-row-2')).getByRole('button', { name: 'Ações de Bruno Lima' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Desbloquear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desbloquear usuário' });
    await user.click(within(dialog).getByRole('button', { name: 'Desbloquear' }));
    await waitFor(() => expect(callsTo('PATCH /api/users/2')).toHaveLength(1));
  });

  it('changes only the email with PUT {email}, and shows the server field error', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/users': () => json(page([carla])),
      'PUT /api/users/3': [
        () =>
          json(
            {
              code: 'email_taken',
              message: 'Dados inválidos.',
              errors: [{ field: 'email', message: 'Este email já está em uso.' }],
            },
            422,
          ),
        (call: RecordedCall) => json({ ...carla, email: (call.body as { email: string }).email }),
      ],
    });
    renderWithProviders(<UsersPanel />);
    await screen.findByTestId('user-row-3');
    await user.click(within(screen.getByTestId('user-row-3')).getByRole('button', { name: 'Ações de Carla Dias' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Alterar email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar email' });
    const input = within(dialog).getByRole('textbox', { name: /Novo email/ });
    await user.clear(input);
    await user.type(input, 'bruno@acme.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Este email já está em uso.')).toBeInTheDocument();
    expect(callsTo('PUT /api/users/3')[0]?.body).toEqual({ email: 'bruno@acme.com.br' });
    await user.clear(input);
    await user.type(input, 'carla.nova@acme.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/users/3')).toHaveLength(2));
    expect(callsTo('PUT /api/users/3')[1]?.body).toEqual({ email: 'carla.nova@acme.com.br' });
  });

  it('creates a user: weak passwords are refused before sending, then role, department and instances are sent', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/users': () => json(page([carla])),
      'GET /api/users/options': () => json(OPTIONS),
      'POST /api/users': (call: RecordedCall) => json({ ...makeUser(10, 'Davi Reis'), ...(call.body as object) }, 201),
    });
    renderWithProviders(<UsersPanel />);
    await screen.findByTestId('user-row-3');
    await user.click(screen.getByRole('button', { name: 'Novo usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo usuário' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Davi Reis');
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'davi@acme.com.br');
    const password = within(dialog).getByLabelText(/^Senha/);
    await user.type(password, 'abc12345');
    expect(within(dialog).getByTestId('password-strength-label')).toHaveTextContent(/^Senha fraca$/);
    await user.click(within(dialog).getByRole('button', { name: 'Criar usuário' }));
    expect(
      await within(dialog).findByText('Senha fraca. Para ser aceita: tirar a sequência (como 123 ou abc).'),
    ).toBeInTheDocument();
    expect(callsTo('POST /api/users')).toHaveLength(0);

    await user.clear(password);
    await user.type(password, 'Xk9#pT2!mQ');
    expect(within(dialog).getByTestId('password-strength-label')).toHaveTextContent(/^Senha forte$/);
    await user.click(within(dialog).getByRole('combobox', { name: /^Perfil/ }));
    await user.click(await screen.findByRole('option', { name: 'Atendente' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Departamento/ }));
    await user.click(await screen.findByRole('option', { name: 'Suporte' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Instâncias/ }));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Vendas' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar usuário' }));
    await waitFor(() => expect(callsTo('POST /api/users')).toHaveLength(1));
    expect(callsTo('POST /api/users')[0]?.body).toEqual({
      name: 'Davi Reis',
      email: 'davi@acme.com.br',
      password: 'Xk9#pT2!mQ',
      role_id: 3,
      user_department_id: 5,
      chosen_instances: [4],
    });
  }, 20_000);

  it('offers roles and instances to a user holding only the route users, from one call', async () => {
    const user = userEvent.setup();
    logIn(['users']);
    const { callsTo } = stubFetch({
      'GET /api/users': () => json(page([carla])),
      'GET /api/users/options': () => json(OPTIONS),
    });
    renderWithProviders(<UsersPanel />);
    await screen.findByTestId('user-row-3');
    await user.click(screen.getByRole('button', { name: 'Novo usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo usuário' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Perfil/ }));
    expect(await screen.findByRole('option', { name: 'Administrador' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Atendente' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('combobox', { name: /^Instâncias/ }));
    expect(await screen.findByRole('option', { name: 'WhatsApp Vendas' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Instagram (inativa)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Criar usuário' })).toBeEnabled();
    expect(callsTo('GET /api/users/options')).toHaveLength(1);
    expect(callsTo('GET /api/permission')).toHaveLength(0);
    expect(callsTo('GET /api/instance')).toHaveLength(0);
    expect(callsTo('GET /api/departments')).toHaveLength(0);
  }, 15_000);

  it("edits keep the user's inactive department, and always send role and instances", async () => {
    const user = userEvent.setup();
    logIn(['users']);
    const dora = makeUser(5, 'Dora Alves', {
      userDepartment: { id: 8, name: 'Antigo', activated: false },
      userInstances: [{ id: 1, instance: { id: 4, name: 'WhatsApp Vendas', activated: true } }],
    });
    const { callsTo } = stubFetch({
      'GET /api/users': () => json(page([dora])),
      'GET /api/users/options': () => json(OPTIONS),
      'PUT /api/users/5': (call: RecordedCall) => json({ ...dora, ...(call.body as object) }),
    });
    renderWithProviders(<UsersPanel />);
    const row = await screen.findByTestId('user-row-5');
    await user.click(within(row).getByRole('button', { name: 'Ações de Dora Alves' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuário: Dora Alves' });
    await waitFor(() => expect(callsTo('GET /api/users/options')).toHaveLength(1));
    expect(within(dialog).getByRole('combobox', { name: /^Departamento/ })).toHaveValue('Antigo (inativo)');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/users/5')).toHaveLength(1));
    expect(callsTo('PUT /api/users/5')[0]?.body).toEqual({
      name: 'Dora Alves',
      email: 'dora.alves@acme.com.br',
      username: 'dora.alves',
      role_id: 3,
      user_department_id: 8,
      chosen_instances: [4],
    });
  }, 15_000);

  it('says when the options cannot be loaded, and retries', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/users': () => json(page([carla])),
      'GET /api/users/options': [() => json({ code: 'internal', message: 'Erro interno.' }, 500), () => json(OPTIONS)],
    });
    renderWithProviders(<UsersPanel />);
    await screen.findByTestId('user-row-3');
    await user.click(screen.getByRole('button', { name: 'Novo usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo usuário' });
    expect(
      await within(dialog).findByText(
        'Não foi possível carregar perfis, departamentos e instâncias.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() =>
      expect(
        within(dialog).queryByText('Não foi possível carregar perfis, departamentos e instâncias.'),
      ).not.toBeInTheDocument(),
    );
    expect(callsTo('GET /api/users/options').length).toBeGreaterThanOrEqual(2);
  }, 15_000);
});
