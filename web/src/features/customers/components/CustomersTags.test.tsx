import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { CUSTOMERS, customer, detail, GROUPS, page, TAGS, tagRef } from '../test-data';
import { CustomersScreen } from './CustomersScreen';

// docs/tags.md: GET /api/customers carries each customer's tags and filters by `tagId`;
// POST /api/customers/{id}/tags {add, remove} answers {tags}.

const URGENTE = tagRef(1);
const ORCAMENTO = tagRef(2);
const POS_VENDA = tagRef(3);

function open(path = '/customers') {
  return renderRoutes(
    [{ path: '/customers', element: <CustomersScreen ticketHref={(id) => `/?ticket=${id}`} /> }],
    path,
  );
}

describe('tags on the customers screen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['customers']);
  });

  it("shows each customer's tags as badges, three at most, in the rows and the cards", async () => {
    const carla = customer({ tags: [ORCAMENTO, POS_VENDA, URGENTE, { id: 9, name: 'VIP', color: '#7950f2' }] });
    stubFetch({
      'GET /api/tags': () => json(TAGS),
      'GET /api/customers': () => json(page([carla, ...CUSTOMERS.slice(1)])),
    });
    open();
    const row = await screen.findByTestId('customer-row-7');
    const badges = within(row).getByRole('list', { name: 'Etiquetas de Carla Dias' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Orçamento', 'Pós-venda', 'Urgente', '+1e mais 1 etiqueta: VIP']);
    // Each badge names its tag (components/TagBadge).
    expect(within(badges).getByText('Urgente').closest('[data-tag-id]')).toHaveAttribute('data-tag-id', '1');
    expect(screen.getByRole('columnheader', { name: 'Etiquetas' })).toBeInTheDocument();
    // A customer without tags shows none.
    expect(within(screen.getByTestId('customer-row-6')).queryByRole('list')).not.toBeInTheDocument();
    const card = screen.getByTestId('customer-card-7');
    expect(within(card).getByRole('list', { name: 'Etiquetas de Carla Dias' })).toHaveTextContent('Orçamento');
  });

  it('filters by a tag: sent as tagId, kept in the URL as ?tag=, and cleared from the empty state', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json(TAGS),
      'GET /api/customers': (call) => {
        const tagId = call.query.get('tagId');
        if (tagId === '3') return json(page([]));
        if (tagId === '1') return json(page([customer({ tags: [URGENTE] })]));
        return json(page(CUSTOMERS));
      },
    });
    const { router } = open();
    await screen.findByTestId('customer-row-6');
    expect(callsTo('GET /api/customers')[0]?.query.has('tagId')).toBe(false);

    await user.click(await screen.findByRole('combobox', { name: 'Filtrar por etiqueta' }));
    await user.keyboard('urg');
    await user.click(await screen.findByRole('option', { name: 'Urgente' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tag=1'));
    await waitFor(() => expect(callsTo('GET /api/customers').at(-1)?.query.get('tagId')).toBe('1'));
    await waitFor(() => expect(screen.queryByTestId('customer-row-6')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('customer-row-7')).getByText('Urgente')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Filtrar por etiqueta' }));
    await user.click(await screen.findByRole('option', { name: 'Pós-venda' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tag=3'));
    expect(await screen.findByText('Nenhum cliente com essa etiqueta')).toBeInTheDocument();
    expect(screen.getByText('Nenhum cliente tem a etiqueta “Pós-venda”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostrar todas as etiquetas' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByTestId('customer-row-6');
    expect(callsTo('GET /api/customers').at(-1)?.query.has('tagId')).toBe(false);
  });

  it('starts with the tag of the URL, with the search, and exports what both match', async () => {
    const user = userEvent.setup();
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:clientes');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json(TAGS),
      'GET /api/customers': () => json(page([customer({ tags: [ORCAMENTO] })])),
    });
    open('/customers?q=carla&tag=2');
    await screen.findByTestId('customer-row-7');
    const first = callsTo('GET /api/customers')[0]?.query;
    expect([first?.get('search'), first?.get('tagId')]).toEqual(['carla', '2']);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Filtrar por etiqueta' })).toHaveValue('Orçamento'),
    );

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportar clientes' });
    expect(dialog).toHaveTextContent('Baixa os clientes com a etiqueta “Orçamento” da busca “carla” num arquivo CSV');
    await user.click(within(dialog).getByRole('button', { name: 'Exportar CSV' }));
    expect(await within(dialog).findByText('Arquivo baixado')).toBeInTheDocument();
    const exported = callsTo('GET /api/customers').at(-1)?.query;
    expect([exported?.get('search'), exported?.get('tagId'), exported?.get('limit')]).toEqual(['carla', '2', '100']);
  });

  it('keeps a filter by a tag the tenant no longer has, so it can be seen and cleared', async () => {
    stubFetch({
      'GET /api/tags': () => json([]),
      'GET /api/customers': () => json(page([])),
    });
    open('/customers?tag=44');
    expect(await screen.findByText('Nenhum cliente tem a etiqueta “Etiqueta 44”.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filtrar por etiqueta' })).toHaveValue('Etiqueta 44');
  });

  it('tags the customer from their detail at once: the detail and the row follow; a refusal is said', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json(TAGS),
      'GET /api/customers': () => json(page([customer({ tags: [URGENTE] }), ...CUSTOMERS.slice(1)])),
      'GET /api/customers/7': () => json(detail({ tags: [URGENTE] })),
      'GET /api/customer-groups': () => json(GROUPS),
      'POST /api/customers/7/tags': [
        () => json({ tags: [ORCAMENTO, URGENTE] }),
        () =>
          json(
            {
              code: 'customer_tags_forbidden',
              message: 'Só administradores, supervisores ou quem atende este cliente podem mudar as etiquetas dele.',
            },
            403,
          ),
      ],
    });
    open('/customers?cliente=7');
    const drawer = await screen.findByRole('dialog', { name: 'Carla Dias' });
    const section = await within(drawer).findByTestId('customer-tags');
    expect(within(section).getByRole('heading', { name: 'Etiquetas' })).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'Etiquetas do cliente' })).toHaveTextContent('Urgente');

    await user.click(within(section).getByRole('button', { name: 'Etiquetas do cliente' }));
    await user.click(await screen.findByRole('option', { name: 'Orçamento' }));
    await waitFor(() => expect(callsTo('POST /api/customers/7/tags')[0]?.body).toEqual({ add: [2], remove: [] }));
    await waitFor(() =>
      expect(within(section).getByRole('list', { name: 'Etiquetas do cliente' })).toHaveTextContent('OrçamentoUrgente'),
    );
    // The list behind the drawer shows the answer too, without reading it again.
    expect(
      within(screen.getByTestId('customer-row-7')).getByRole('list', { name: 'Etiquetas de Carla Dias' }),
    ).toHaveTextContent('OrçamentoUrgente');
    expect(callsTo('GET /api/customers')).toHaveLength(1);

    await user.click(screen.getByRole('option', { name: 'Pós-venda' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          title: 'Não foi possível mudar as etiquetas do cliente',
          message: 'Só administradores, supervisores ou quem atende este cliente podem mudar as etiquetas dele.',
        }),
      ),
    );
    expect(within(section).getByRole('list', { name: 'Etiquetas do cliente' })).toHaveTextContent('OrçamentoUrgente');
  });
});
