import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { CustomerGroup } from '../api/schemas';
import { CUSTOMERS, GROUPS, page } from '../test-data';
import { GroupsPanel } from './GroupsPanel';

function rowOf(id: number): HTMLElement {
  return screen.getByTestId(`group-row-${id}`);
}

describe('GroupsPanel', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['customers']);
  });

  it('lists the groups with their size, searched in the browser', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/customer-groups': () => json(GROUPS) });
    renderWithProviders(<GroupsPanel />);
    expect(await screen.findByTestId('group-row-1')).toHaveTextContent('Atacado');
    expect(rowOf(1)).toHaveTextContent('10 clientes');
    expect(rowOf(2)).toHaveTextContent('5 clientes');
    await user.type(screen.getByRole('textbox', { name: 'Buscar grupos' }), 'vip');
    expect(screen.queryByTestId('group-row-1')).not.toBeInTheDocument();
    expect(rowOf(2)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Buscar grupos' }), 'xyz');
    expect(screen.getByText('Nenhum grupo encontrado')).toBeInTheDocument();
  });

  it('offers to create the first group, and retries a list that did not load', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch({
      'GET /api/customer-groups': () => (fail ? json({ message: 'Erro no servidor.' }, 400) : json([])),
    });
    renderWithProviders(<GroupsPanel />);
    expect(await screen.findByText('Não foi possível carregar os grupos.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhum grupo de clientes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo grupo' })).toBeInTheDocument();
  });

  it('creates a group (a taken name said under the field, the text kept) and renames one', async () => {
    const user = userEvent.setup();
    let groups: CustomerGroup[] = [...GROUPS];
    const { callsTo } = stubFetch({
      'GET /api/customer-groups': () => json(groups),
      'POST /api/customer-groups': [
        () =>
          json(
            {
              code: 'name_taken',
              message: 'Já existe um grupo de clientes com este nome.',
              errors: [{ field: 'name', message: 'Já existe um grupo de clientes com este nome.' }],
            },
            422,
          ),
        (call: RecordedCall) => {
          const created = { id: 3, name: (call.body as { name: string }).name, members: 0 };
          groups = [...groups, created];
          return json(created, 201);
        },
      ],
      'PUT /api/customer-groups/1': (call) => {
        const renamed = { ...GROUPS[0]!, name: (call.body as { name: string }).name };
        groups = groups.map((group) => (group.id === 1 ? renamed : group));
        return json(renamed);
      },
    });
    renderWithProviders(<GroupsPanel />);
    await screen.findByTestId('group-row-1');
    await user.click(screen.getByRole('button', { name: 'Novo grupo' }));
    let dialog = await screen.findByRole('dialog', { name: 'Novo grupo de clientes' });
    const field = within(dialog).getByRole('textbox', { name: /Nome do grupo/ });
    await user.type(field, 'Atacado');
    await user.click(within(dialog).getByRole('button', { name: 'Criar grupo' }));
    expect(await within(dialog).findByText('Já existe um grupo de clientes com este nome.')).toBeInTheDocument();
    expect(field).toHaveValue('Atacado');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Aniversariantes');
    await user.click(within(dialog).getByRole('button', { name: 'Criar grupo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST /api/customer-groups').map((call) => call.body)).toEqual([
      { name: 'Atacado' },
      { name: 'Aniversariantes' },
    ]);
    expect(await screen.findByTestId('group-row-3')).toHaveTextContent('0 clientes');

    await user.click(within(rowOf(1)).getByRole('button', { name: 'Ações do grupo Atacado' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Renomear' }));
    dialog = await screen.findByRole('dialog', { name: 'Renomear grupo' });
    await user.clear(within(dialog).getByRole('textbox', { name: /Nome do grupo/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Nome do grupo/ }), 'Atacado Sul');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/customer-groups/1')[0]?.body).toEqual({ name: 'Atacado Sul' }));
    await waitFor(() => expect(rowOf(1)).toHaveTextContent('Atacado Sul'));
  });

  it('includes and removes the customers ticked in the group dialog, across searches', async () => {
    const user = userEvent.setup();
    let size = 5;
    const { callsTo } = stubFetch({
      'GET /api/customer-groups': () =>
        json(GROUPS.map((group) => (group.id === 2 ? { ...group, members: size } : group))),
      'GET /api/customers': () => json(page(CUSTOMERS)),
      'POST /api/customer-groups/2/members': (call) => {
        const body = call.body as { add: number[]; remove: number[] };
        size += body.add.length - body.remove.length;
        return json({ ...GROUPS[1]!, members: size });
      },
    });
    renderWithProviders(<GroupsPanel />);
    await user.click(
      within(await screen.findByTestId('group-row-2')).getByRole('button', {
        name: '5 clientes em Clientes VIP: incluir ou tirar clientes',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Clientes do grupo Clientes VIP' });
    expect(dialog).toHaveTextContent('O grupo tem 5 clientes.');
    expect(within(dialog).getByRole('button', { name: 'Incluir no grupo' })).toBeDisabled();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Carla Dias' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bruno Reis' }));
    expect(within(dialog).getByText('2 clientes marcados.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Incluir no grupo' }));
    await waitFor(() =>
      expect(callsTo('POST /api/customer-groups/2/members')[0]?.body).toEqual({ add: [7, 6], remove: [] }),
    );
    await waitFor(() => expect(dialog).toHaveTextContent('O grupo tem 7 clientes.'));
    expect(within(dialog).getByText('Nenhum cliente marcado.')).toBeInTheDocument();
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Clientes incluídos',
        message: 'Incluídos em Clientes VIP: 2 clientes. O grupo agora tem 7 clientes.',
      }),
    );

    await user.click(within(dialog).getByRole('checkbox', { name: 'Ana Lima' }));
    await user.click(within(dialog).getByRole('button', { name: 'Tirar do grupo' }));
    await waitFor(() =>
      expect(callsTo('POST /api/customer-groups/2/members')[1]?.body).toEqual({ add: [], remove: [5] }),
    );
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Tirados de Clientes VIP: Ana Lima. O grupo agora tem 6 clientes.' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(rowOf(2)).toHaveTextContent('6 clientes'));
  });

  it('says why the members did not change, and keeps the ticks', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/customer-groups': () => json(GROUPS),
      'GET /api/customers': () => json(page(CUSTOMERS)),
      'POST /api/customer-groups/1/members': () =>
        json(
          {
            code: 'customer_not_found',
            message: 'Um ou mais clientes não existem.',
            errors: [{ field: 'add', message: 'Um ou mais clientes não existem.' }],
          },
          422,
        ),
    });
    renderWithProviders(<GroupsPanel />);
    await user.click(within(await screen.findByTestId('group-row-1')).getByRole('button', { name: /^10 clientes/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Clientes do grupo Atacado' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Carla Dias' }));
    await user.click(within(dialog).getByRole('button', { name: 'Incluir no grupo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Um ou mais clientes não existem.');
    expect(within(dialog).getByRole('checkbox', { name: 'Carla Dias' })).toBeChecked();
  });
});
