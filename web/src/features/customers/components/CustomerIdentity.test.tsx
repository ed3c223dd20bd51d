import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { CustomerDetail } from '../api/schemas';
import { CUSTOMERS, customer, detail, GROUPS, page } from '../test-data';
import { CustomersScreen } from './CustomersScreen';

const BSUID = 'BR.1502576394655843';
const LID = '120363025246125486@lid';

function open(path = '/customers') {
  return renderRoutes(
    [{ path: '/customers', element: <CustomersScreen ticketHref={(id) => `/?ticket=${id}`} /> }],
    path,
  );
}

/** Carla with her phone, the BSUID of her WhatsApp username and a LID. */
function known(extra: Partial<CustomerDetail> = {}): CustomerDetail {
  return detail({
    identities: [
      { kind: 'phone', value: '+5511988887777', createdAt: '2026-11-20T15:00:00Z' },
      { kind: 'bsuid', value: BSUID, createdAt: '2026-11-21T15:00:00Z' },
      { kind: 'lid', value: LID, createdAt: '2026-11-22T15:00:00Z' },
    ],
    ...extra,
  });
}

describe('customer identities and merging', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['customers']);
  });

  it('lists the identities with their labels and dates, and the merge log', async () => {
    stubFetch({
      'GET /api/customers': () => json(page(CUSTOMERS)),
      'GET /api/customers/7': () =>
        json(
          known({
            merges: [
              {
                id: 3,
                mergedCustomerId: 9,
                mergedName: 'Carla D.',
                mergedPhone: BSUID,
                identities: [{ kind: 'bsuid', value: BSUID }],
                tickets: 2,
                orders: 1,
                by: 'Ana Lima',
                createdAt: '2026-11-25T12:00:00Z',
              },
            ],
          }),
        ),
      'GET /api/customer-groups': () => json(GROUPS),
    });
    open('/customers?cliente=7');
    const drawer = await screen.findByRole('dialog', { name: 'Carla Dias' });
    expect(await within(drawer).findByRole('heading', { name: 'Identidades' })).toBeInTheDocument();
    const identities = within(drawer).getAllByTestId('customer-identity');
    expect(identities.map((item) => item.textContent)).toEqual([
      'Telefone+55 11 98888-7777Registrada em 20/11/2026, 12:00',
      `Usuário do WhatsApp (BSUID)${BSUID}Registrada em 21/11/2026, 12:00`,
      `ID vinculado (LID)${LID}Registrada em 22/11/2026, 12:00`,
    ]);
    const merges = within(drawer).getByTestId('customer-merges');
    expect(within(merges).getByRole('heading', { name: 'Histórico de uniões' })).toBeInTheDocument();
    expect(within(merges).getByTestId('customer-merge-3')).toHaveTextContent(
      `«Carla D.» (Número oculto · ID: ${BSUID}) incorporado por Ana Lima em 25/11/2026, 09:00, 2 atendimentos, 1 pedido`,
    );
    expect(within(merges).getByTestId('customer-merge-3')).toHaveTextContent(
      `Identidades: Usuário do WhatsApp (BSUID) ${BSUID}`,
    );
  });

  it('an older server without identities nor merges still opens the detail', async () => {
    const { identities: _identities, merges: _merges, ...older } = detail();
    stubFetch({
      'GET /api/customers': () => json(page(CUSTOMERS)),
      'GET /api/customers/7': () => json(older),
      'GET /api/customer-groups': () => json(GROUPS),
    });
    open('/customers?cliente=7');
    const drawer = await screen.findByRole('dialog', { name: 'Carla Dias' });
    expect(await within(drawer).findByText('Nenhuma identidade informada.')).toBeInTheDocument();
    expect(within(drawer).queryByTestId('customer-merges')).not.toBeInTheDocument();
  });

  it('shows a customer whose number WhatsApp hides as "Número oculto" with the id, never as a phone', async () => {
    const hidden = customer({ id: 8, name: 'Dora', phone: BSUID, email: null });
    const nameless = customer({ id: 9, name: '', phone: LID, email: null });
    stubFetch({
      'GET /api/customers': () => json(page([hidden, nameless, ...CUSTOMERS])),
      'GET /api/customers/8': () =>
        json({
          ...detail(),
          ...hidden,
          identities: [{ kind: 'bsuid', value: BSUID, createdAt: '2026-11-21T15:00:00Z' }],
        }),
      'GET /api/customer-groups': () => json(GROUPS),
    });
    open();
    const row = await screen.findByTestId('customer-row-8');
    expect(row).toHaveTextContent('Número oculto');
    expect(within(row).getByText(`ID: ${BSUID}`)).toBeInTheDocument();
    expect(screen.getByTestId('customer-card-8')).toHaveTextContent(`Número ocultoID: ${BSUID}`);
    // Without a name either, the name is "Número oculto" too.
    expect(within(screen.getByTestId('customer-row-9')).getByRole('link', { name: 'Número oculto' })).toBeVisible();
    expect(screen.getByTestId('customer-row-9')).toHaveTextContent(`ID: ${LID}`);

    await userEvent.setup().click(within(row).getByRole('link', { name: 'Dora' }));
    const drawer = await screen.findByRole('dialog', { name: 'Dora' });
    const panel = await within(drawer).findByTestId('customer-detail');
    expect(panel).toHaveTextContent(`TelefoneNúmero ocultoID: ${BSUID}`);
    expect(within(panel).getByTestId('customer-identity')).toHaveTextContent(`Usuário do WhatsApp (BSUID)${BSUID}`);
  });

  it('merges another customer into the open one: pick, confirm, a refusal said in the dialog, then done', async () => {
    const user = userEvent.setup();
    let merged = false;
    const after = known({
      merges: [
        {
          id: 4,
          mergedCustomerId: 6,
          mergedName: 'Bruno Reis',
          mergedPhone: '+5521977776666',
          identities: [{ kind: 'phone', value: '+5521977776666' }],
          tickets: 3,
          orders: 0,
          by: 'Ana Lima',
          createdAt: '2026-11-26T12:00:00Z',
        },
      ],
    });
    const { callsTo, fetchMock } = stubFetch({
      'GET /api/customers': () => json(page(merged ? CUSTOMERS.filter((other) => other.id !== 6) : CUSTOMERS)),
      'GET /api/customers/7': () => json(merged ? after : detail()),
      'GET /api/customer-groups': () => json(GROUPS),
      'POST /api/customers/7/merge': [
        () =>
          json(
            {
              code: 'merge_conflict',
              message: 'Os dois clientes têm um atendimento aberto na mesma conexão. Encerre um deles antes de unir.',
            },
            409,
          ),
        () => {
          merged = true;
          return json(after);
        },
      ],
    });
    open('/customers?cliente=7');
    const drawer = await screen.findByRole('dialog', { name: 'Carla Dias' });
    await user.click(await within(drawer).findByRole('button', { name: 'Unir com outro cliente…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unir com outro cliente' });

    // The open customer is not offered; the search goes to the server once typing pauses.
    const found = await within(dialog).findByRole('radiogroup', { name: 'Clientes encontrados' });
    expect(within(found).queryByRole('radio', { name: /Carla Dias/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continuar' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Buscar cliente' }), 'Bruno');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .map((call) => new URL(requestUrl(call[0] as RequestInfo), 'http://localhost'))
          .filter((url) => url.pathname === '/api/customers')
          .map((url) => url.searchParams.get('search')),
      ).toContain('Bruno'),
    );
    await user.click(within(dialog).getByRole('radio', { name: /Bruno Reis/ }));
    expect(within(dialog).getByText(/Escolhido:/)).toHaveTextContent('Escolhido: Bruno Reis (+55 21 97777-6666)');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));

    expect(within(dialog).getByTestId('merge-confirmation')).toHaveTextContent(
      '«Bruno Reis» será incorporado a «Carla Dias»: identidades, conversas, atendimentos, pedidos, grupos e ' +
        'envios de campanha passam para «Carla Dias», e «Bruno Reis» deixa de existir. Isto não pode ser desfeito.',
    );
    expect(within(dialog).getByTestId('merge-confirmation')).toHaveFocus();
    expect(callsTo('POST /api/customers/7/merge')).toHaveLength(0);
    // Back to the choice and forth again: the choice is kept.
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(within(dialog).getByRole('textbox', { name: 'Buscar cliente' })).toHaveFocus();
    expect(within(dialog).getByRole('radio', { name: /Bruno Reis/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Continuar' }));

    // Refused: the server's message, in the dialog, which stays open.
    await user.click(within(dialog).getByRole('button', { name: 'Unir clientes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Os dois clientes têm um atendimento aberto na mesma conexão. Encerre um deles antes de unir.',
    );
    expect(callsTo('POST /api/customers/7/merge')[0]?.body).toEqual({ customerId: 6 });
    expect(screen.getByRole('dialog', { name: 'Unir com outro cliente' })).toBeInTheDocument();
    expect(screen.getByTestId('customer-row-6')).toBeInTheDocument();

    // Done: said, the dialog closes, the list no longer has Bruno, the detail has the merge.
    await user.click(within(dialog).getByRole('button', { name: 'Unir clientes' }));
    await waitFor(() => expect(callsTo('POST /api/customers/7/merge')).toHaveLength(2));
    expect(callsTo('POST /api/customers/7/merge')[1]?.body).toEqual({ customerId: 6 });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Clientes unidos.' })),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Unir com outro cliente' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.queryByTestId('customer-row-6')).not.toBeInTheDocument());
    expect(screen.getByTestId('customer-row-7')).toBeInTheDocument();
    expect(await within(drawer).findByTestId('customer-merge-4')).toHaveTextContent(
      '«Bruno Reis» (+55 21 97777-6666) incorporado por Ana Lima',
    );
    expect(within(drawer).getAllByTestId('customer-identity')).toHaveLength(3);
    // The lists were read again after the merge (not only patched).
    await waitFor(() => expect(callsTo('GET /api/customers').length).toBeGreaterThan(2));
  });

  it('offers no merge to who may not manage customers', async () => {
    logIn([]);
    stubFetch({
      'GET /api/customers': () => json(page(CUSTOMERS)),
      'GET /api/customers/7': () => json(known()),
      'GET /api/customer-groups': () => json(GROUPS),
    });
    open('/customers?cliente=7');
    const drawer = await screen.findByRole('dialog', { name: 'Carla Dias' });
    expect(await within(drawer).findByRole('heading', { name: 'Identidades' })).toBeInTheDocument();
    expect(within(drawer).getAllByTestId('customer-identity')).toHaveLength(3);
    expect(within(drawer).queryByRole('button', { name: 'Unir com outro cliente…' })).not.toBeInTheDocument();
  });
});
