import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { order, page } from '../test-data';
import { CustomerOrders } from './CustomerOrders';

function renderOrders(canRegister = true) {
  return renderWithProviders(<CustomerOrders customerId={101} ticketId={1} canRegister={canRegister} />);
}

function list(): HTMLElement {
  return screen.getByRole('list', { name: 'Pedidos' });
}

describe('CustomerOrders', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn();
  });

  it('lists the orders: value, status, items, payment, date, source and who registered; more on demand', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/customers/101/orders': [
        () =>
          json(
            page(
              [
                order(21),
                order(20, {
                  items: [],
                  valueCents: 5000,
                  status: 'paid',
                  paymentMethod: null,
                  source: 'loja_virtual',
                  registeredBy: 'ERP Bling',
                  note: 'Entregar depois das 18h',
                }),
              ],
              20,
            ),
          ),
        () => json(page([order(7, { status: 'cancelled', source: 'api', registeredBy: null })])),
      ],
    });
    renderOrders();
    expect(await screen.findByRole('heading', { name: 'Pedidos' })).toBeInTheDocument();
    const first = (await within(await screen.findByRole('list', { name: 'Pedidos' })).findAllByRole('listitem'))[0];
    if (!first) throw new Error('no order');
    expect(within(first).getByText('R$ 119,70')).toBeInTheDocument();
    expect(within(first).getByText('Pendente')).toBeInTheDocument();
    expect(within(first).getByText('2× Pizza grande, 1× Refrigerante')).toBeInTheDocument();
    expect(first).toHaveTextContent('Pix · 25/11/2026, 14:30');
    expect(first).toHaveTextContent('Atendimento · por Ana Souza');
    const second = within(list()).getAllByRole('listitem')[1];
    if (!second) throw new Error('no second order');
    expect(second).toHaveTextContent('R$ 50,00');
    expect(second).toHaveTextContent('Pago');
    expect(second).toHaveTextContent('loja_virtual · por ERP Bling');
    expect(second).toHaveTextContent('Entregar depois das 18h');

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(3));
    expect(callsTo('GET /api/customers/101/orders')[1]?.query.get('before')).toBe('20');
    const third = within(list()).getAllByRole('listitem')[2];
    expect(third).toHaveTextContent('Cancelado');
    expect(third).toHaveTextContent('API');
    // A cancelled order has nothing left to do.
    expect(within(third as HTMLElement).queryByRole('button', { name: /^Ações do pedido/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('says when there are none; "Registrar pedido" only for whoever may write on the conversation', async () => {
    stubFetch({ 'GET /api/customers/101/orders': () => json(page([])) });
    const { unmount } = renderOrders(false);
    expect(await screen.findByText('Nenhum pedido ainda.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrar pedido' })).not.toBeInTheDocument();
    unmount();
    renderOrders(true);
    expect(await screen.findByRole('button', { name: 'Registrar pedido' })).toBeInTheDocument();
  });

  it('registers an order of two items: the live total, the 422 on its row, then at the top of the list', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/customers/101/orders': () => json(page([order(20, { items: [], valueCents: 990 })])),
      'POST /api/orders': [
        () =>
          json(
            {
              code: 'invalid_order',
              message: 'Preço inválido.',
              errors: [{ field: 'items[1].unitCents', message: 'Preço inválido.' }],
            },
            422,
          ),
        () => json(order(21), 201),
      ],
    });
    renderOrders();
    await user.click(await screen.findByRole('button', { name: 'Registrar pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pedido' });
    const one = within(dialog).getByRole('group', { name: 'Item 1' });
    await user.type(within(one).getByRole('textbox', { name: /^Item/ }), 'Pizza grande');
    const quantity = within(one).getByRole('textbox', { name: /^Quantidade/ });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.type(within(one).getByRole('textbox', { name: /^Preço unitário/ }), '54,90');
    expect(within(dialog).getByTestId('order-total')).toHaveTextContent('Total: R$ 109,80');

    await user.click(within(dialog).getByRole('button', { name: 'Adicionar item' }));
    const two = within(dialog).getByRole('group', { name: 'Item 2' });
    await user.type(within(two).getByRole('textbox', { name: /^Item/ }), 'Refrigerante');
    await user.type(within(two).getByRole('textbox', { name: /^Preço unitário/ }), '9,90');
    expect(within(dialog).getByTestId('order-total')).toHaveTextContent('Total: R$ 119,70');

    await user.click(within(dialog).getByRole('button', { name: 'Registrar pedido' }));
    // The server's refusal lands on the second row's price.
    const price = within(two).getByRole('textbox', { name: /^Preço unitário/ });
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(within(two).getByText('Preço inválido.')).toBeInTheDocument();
    expect(within(one).getByRole('textbox', { name: /^Preço unitário/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST /api/orders')[0]?.body).toEqual({
      ticketId: 1,
      items: [
        { name: 'Pizza grande', quantity: 2, unitCents: 5490 },
        { name: 'Refrigerante', quantity: 1, unitCents: 990 },
      ],
      status: 'pending',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Registrar pedido' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registrar pedido' })).not.toBeInTheDocument());
    const rows = within(list()).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-order-id'))).toEqual(['21', '20']);
    expect(rows[0]).toHaveTextContent('R$ 119,70');
  });

  it('"Só o valor" registers the total alone, starting from the items typed', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/customers/101/orders': () => json(page([])),
      'POST /api/orders': () => json(order(21, { items: [], valueCents: 5490, status: 'paid' }), 201),
    });
    renderOrders();
    await user.click(await screen.findByRole('button', { name: 'Registrar pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar pedido' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Preço unitário/ }), '54,90');
    await user.click(within(dialog).getByText('Só o valor'));
    const value = within(dialog).getByRole('textbox', { name: /^Valor total/ });
    expect(value).toHaveValue('54,90');
    await user.click(within(dialog).getByText('Pago'));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar pedido' }));
    await waitFor(() => expect(callsTo('POST /api/orders')).toHaveLength(1));
    expect(callsTo('POST /api/orders')[0]?.body).toEqual({ ticketId: 1, valueCents: 5490, status: 'paid' });
  });

  it('marks an order paid from its menu, and cancels one after confirming', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/customers/101/orders': () => json(page([order(21)])),
      'PATCH /api/orders/21': [
        () => json(order(21, { status: 'paid', updatedAt: '2026-11-25T18:00:00Z' })),
        () => json(order(21, { status: 'cancelled', updatedAt: '2026-11-25T18:05:00Z' })),
      ],
    });
    renderOrders();
    await user.click(await screen.findByRole('button', { name: 'Ações do pedido de R$ 119,70 (25/11/2026, 14:30)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Marcar como pago' }));
    await waitFor(() => expect(within(list()).getByText('Pago')).toBeInTheDocument());
    expect(callsTo('PATCH /api/orders/21')[0]?.body).toEqual({ status: 'paid' });

    await user.click(screen.getByRole('button', { name: /^Ações do pedido/ }));
    expect(screen.queryByRole('menuitem', { name: 'Marcar como pago' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Cancelar pedido' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancelar pedido' });
    expect(callsTo('PATCH /api/orders/21')).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar pedido' }));
    await waitFor(() => expect(within(list()).getByText('Cancelado')).toBeInTheDocument());
    expect(callsTo('PATCH /api/orders/21')[1]?.body).toEqual({ status: 'cancelled' });
  });
});
