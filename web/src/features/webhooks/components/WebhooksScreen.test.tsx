import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { Delivery, Endpoint } from '../api/schemas';
import { WebhooksScreen } from './WebhooksScreen';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function endpoint(extra: Partial<Endpoint> = {}): Endpoint {
  return {
    id: 3,
    url: 'https://crm.loja.com.br/webhooks',
    description: 'CRM da loja',
    events: ['campaign.status'],
    enabled: true,
    disabledAt: null,
    disabledReason: null,
    failureCount: 0,
    createdAt: '2026-11-20T12:00:00Z',
    secretRotatedAt: null,
    ...extra,
  };
}

function delivery(extra: Partial<Delivery> = {}): Delivery {
  return {
    id: 41,
    endpointId: 3,
    webhookId: 'msg_2f6c1a',
    eventType: 'campaign.status',
    status: 'failed',
    attempts: 2,
    lastStatusCode: 500,
    lastError: 'HTTP 500 do destino',
    nextAttemptAt: null,
    deliveredAt: null,
    createdAt: '2026-11-25T15:00:00Z',
    payload: { type: 'campaign.status', data: { campaignId: 7, phone: '+5511988887777', status: 'delivered' } },
    log: [
      { at: '2026-11-25T15:00:00Z', statusCode: 500, durationMs: 120, error: 'HTTP 500 do destino' },
      { at: '2026-11-25T15:00:30Z', statusCode: 500, durationMs: 1530, error: 'HTTP 500 do destino' },
    ],
    ...extra,
  };
}

function open(path = '/webhooks') {
  return renderRoutes([{ path: '/webhooks', element: <WebhooksScreen /> }], path);
}

function cardOf(name: string): HTMLElement {
  const found = screen.getAllByTestId('webhook-card').find((card) => within(card).queryByText(name));
  if (!found) throw new Error(`no card ${name}`);
  return found;
}

describe('WebhooksScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['webhooks']);
  });

  it('lists the endpoints: events, on or off and why, failures in a row', async () => {
    stubFetch({
      'GET /api/webhooks': () =>
        json({
          data: [
            endpoint(),
            endpoint({
              id: 4,
              url: 'https://erp.loja.com.br/hook',
              description: 'ERP',
              enabled: false,
              disabledAt: '2026-11-24T10:00:00Z',
              disabledReason: 'Desativado depois de 20 falhas seguidas.',
              failureCount: 20,
            }),
          ],
        }),
    });
    open();
    const crm = cardOf(await screen.findByText('CRM da loja').then((element) => element.textContent ?? ''));
    expect(within(crm).getByText('https://crm.loja.com.br/webhooks')).toBeInTheDocument();
    expect(within(crm).getByText('Ativo')).toBeInTheDocument();
    expect(within(crm).getByText('Status de campanha')).toBeInTheDocument();
    const erp = cardOf('ERP');
    expect(within(erp).getByText('Desativado')).toBeInTheDocument();
    expect(within(erp).getByTestId('disabled-reason')).toHaveTextContent(
      'Desativado depois de 20 falhas seguidas. Desde 24/11/2026, 07:00.',
    );
    expect(erp).toHaveTextContent('20 falhas seguidas · Criado em');
    expect(within(erp).getByRole('button', { name: 'Enviar teste' })).toBeDisabled();
  });

  it('creates an endpoint and shows its secret once, with a warning and a copy button', async () => {
    const user = userEvent.setup();
    let created = false;
    const { callsTo } = stubFetch({
      'GET /api/webhooks': () => json({ data: created ? [endpoint()] : [] }),
      'POST /api/webhooks': () => {
        created = true;
        return json({ ...endpoint(), secret: SECRET }, 201);
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Novo endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo endpoint' });
    // campaign.status comes chosen.
    expect(within(dialog).getAllByText('Status de campanha (campaign.status)').length).toBeGreaterThan(0);
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'nao-e-url');
    await user.click(within(dialog).getByRole('button', { name: 'Criar endpoint' }));
    expect(await within(dialog).findByText(/Endereço inválido/)).toBeInTheDocument();
    expect(callsTo('POST /api/webhooks')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /URL/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://crm.loja.com.br/webhooks');
    await user.type(within(dialog).getByRole('textbox', { name: 'Descrição' }), 'CRM da loja');
    await user.click(within(dialog).getByRole('button', { name: 'Criar endpoint' }));

    const shown = await screen.findByRole('dialog', { name: 'Endpoint criado' });
    expect(within(shown).getByText('Guarde este segredo agora')).toBeInTheDocument();
    expect(within(shown).getByText(/Ele não será mostrado de novo/)).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: 'Segredo de assinatura' })).toHaveValue(SECRET);
    expect(within(shown).getByRole('button', { name: 'Copiar segredo' })).toBeInTheDocument();
    expect(callsTo('POST /api/webhooks')[0]?.body).toEqual({
      url: 'https://crm.loja.com.br/webhooks',
      description: 'CRM da loja',
      events: ['campaign.status'],
    });

    await user.click(within(shown).getByRole('button', { name: 'Já guardei o segredo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('CRM da loja')).toBeInTheDocument();
    // Once: nowhere on the screen any more.
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('switches an endpoint off and on, edits it, and deletes it after confirming', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/webhooks': () => json({ data: [endpoint()] }),
      'PUT /api/webhooks/3': (call) => json(endpoint(call.body as Partial<Endpoint>)),
      'DELETE /api/webhooks/3': () => new Response(null, { status: 204 }),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Ações do endpoint CRM da loja' }));
    await user.click(screen.getByRole('menuitem', { name: 'Desativar' }));
    await waitFor(() => expect(callsTo('PUT /api/webhooks/3')[0]?.body).toEqual({ enabled: false }));

    await user.click(screen.getByRole('button', { name: 'Ações do endpoint CRM da loja' }));
    await user.click(screen.getByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar endpoint' });
    expect(within(dialog).getByRole('textbox', { name: /URL/ })).toHaveValue('https://crm.loja.com.br/webhooks');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Descrição' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Descrição' }), 'CRM novo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(callsTo('PUT /api/webhooks/3')[1]?.body).toEqual({
        url: 'https://crm.loja.com.br/webhooks',
        description: 'CRM novo',
        events: ['campaign.status'],
      }),
    );

    await user.click(await screen.findByRole('button', { name: /^Ações do endpoint/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Excluir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir endpoint' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(callsTo('DELETE /api/webhooks/3')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('webhook-card')).not.toBeInTheDocument());
  });

  it('sends a test and rotates the secret: the new one once, the old one valid until a time', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/webhooks': () => json({ data: [endpoint()] }),
      'POST /api/webhooks/3/test': () => json(delivery({ id: 50, eventType: 'webhook.test', status: 'pending' })),
      'POST /api/webhooks/3/rotate-secret': () =>
        json({ secret: 'whsec_NOVO0000000000000000000000', previousValidUntil: '2026-11-26T15:00:00Z' }),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Enviar teste' }));
    await waitFor(() => expect(callsTo('POST /api/webhooks/3/test')).toHaveLength(1));
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Teste enviado' }));

    await user.click(screen.getByRole('button', { name: 'Ações do endpoint CRM da loja' }));
    await user.click(screen.getByRole('menuitem', { name: 'Trocar segredo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Trocar segredo' });
    expect(callsTo('POST /api/webhooks/3/rotate-secret')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Trocar segredo' }));
    const shown = await screen.findByRole('dialog', { name: 'Segredo trocado' });
    expect(within(shown).getByRole('textbox', { name: 'Segredo de assinatura' })).toHaveValue(
      'whsec_NOVO0000000000000000000000',
    );
    expect(within(shown).getByTestId('previous-valid-until')).toHaveTextContent(
      'O segredo anterior continua válido até 26/11/2026, 12:00',
    );
    await user.click(within(shown).getByRole('button', { name: 'Já guardei o segredo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveTextContent('whsec_NOVO');
  });

  it('the deliveries log: status, attempts, code, duration, error, payload, and "Reenviar"', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/webhooks': () => json({ data: [endpoint()] }),
      'GET /api/webhooks/3/deliveries': () =>
        json({
          data: [
            delivery(),
            delivery({
              id: 40,
              status: 'delivered',
              lastStatusCode: 200,
              lastError: null,
              attempts: 1,
              log: [{ at: '2026-11-25T14:00:00Z', statusCode: 200, durationMs: 85, error: null }],
            }),
          ],
          nextCursor: null,
        }),
      'POST /api/webhooks/deliveries/41/retry': () => json(delivery({ status: 'pending' })),
    });
    const { router } = open();
    await user.click(await screen.findByRole('button', { name: 'Entregas' }));
    await waitFor(() => expect(router.state.location.search).toBe('?endpoint=3'));
    const drawer = await screen.findByRole('dialog', { name: 'Entregas: CRM da loja' });
    const items = await within(drawer).findAllByTestId('delivery');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Status de campanha');
    expect(items[0]).toHaveTextContent('Falhou');
    expect(items[0]).toHaveTextContent('2 tentativas · HTTP 500 · 1.530 ms');
    expect(items[0]).toHaveTextContent('HTTP 500 do destino');
    expect(items[1]).toHaveTextContent('Entregue');
    expect(items[1]).toHaveTextContent('1 tentativa · HTTP 200 · 85 ms');

    await user.click(within(items[0]!).getByRole('button', { name: /Status de campanha/ }));
    expect(within(items[0]!).getByTestId('delivery-payload')).toHaveTextContent('"campaignId": 7');
    // (Mantine's Collapse keeps the panel hidden until its first frame in jsdom.)
    expect(within(items[0]!).getByRole('table', { hidden: true })).toHaveTextContent('1.530 ms');
    await user.click(within(items[0]!).getByRole('button', { name: 'Reenviar', hidden: true }));
    await waitFor(() => expect(callsTo('POST /api/webhooks/deliveries/41/retry')).toHaveLength(1));
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Entrega na fila de novo' }));
  });

  it('opens the log from a link, and says so when the tenant does not have webhooks', async () => {
    stubFetch({
      'GET /api/webhooks': () =>
        json({ code: 'feature_disabled', message: 'A opção Webhooks está desligada para esta empresa.' }, 403),
    });
    open('/webhooks?endpoint=3');
    expect(await screen.findByText('Recurso não disponível para esta empresa')).toBeInTheDocument();
    expect(screen.getByText('A opção Webhooks está desligada para esta empresa.')).toBeInTheDocument();
  });
});
