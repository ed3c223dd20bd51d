import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { Delivery, Endpoint } from '../api/schemas';
import { WebhooksScreen } from './WebhooksScreen';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
/** 12:04:30 in São Paulo. */
const NOW = new Date('2026-11-26T15:04:30Z');
const ALL_EVENTS = [
  'ticket.opened',
  'ticket.accepted',
  'ticket.transferred',
  'ticket.closed',
  'message.received',
  'message.sent',
  'message.ack',
  'customer.created',
  'customer.updated',
  'customer.blacklisted',
  'instance.status',
  'order.created',
  'campaign.status',
];

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

/** The serious and critical violations axe finds (jsdom draws nothing: no colour contrast). */
async function seriousViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
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
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
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
    expect(within(dialog).getByRole('checkbox', { name: 'Status de campanha' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Ticket aberto' })).not.toBeChecked();
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

  it('shows many events compactly: a whole group as one badge, "+N" for the rest', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/webhooks': () =>
        json({
          data: [
            endpoint({
              events: [
                'ticket.opened',
                'ticket.accepted',
                'ticket.transferred',
                'ticket.closed',
                'message.received',
                'message.sent',
                'customer.created',
                'instance.status',
                'order.created',
              ],
            }),
            endpoint({ id: 4, description: 'ERP', events: ALL_EVENTS }),
          ],
        }),
    });
    open();
    const crm = cardOf(await screen.findByText('CRM da loja').then((element) => element.textContent ?? ''));
    expect(within(crm).getByText('Tickets: todos')).toBeInTheDocument();
    expect(within(crm).getByText('Mensagem recebida')).toBeInTheDocument();
    expect(within(crm).queryByText('Pedido registrado')).not.toBeInTheDocument();
    await user.click(within(crm).getByRole('button', { name: '+2 eventos: mostrar todos' }));
    expect(within(crm).getByText('Status de conexão de uma instância')).toBeInTheDocument();
    expect(within(crm).getByText('Pedido registrado')).toBeInTheDocument();
    expect(within(crm).getByRole('button', { name: 'Mostrar menos' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(cardOf('ERP')).getByText('Todos os eventos')).toBeInTheDocument();
  });

  it('chooses events by group: "Todos" of a group, single events; at least one', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/webhooks': () => json({ data: [] }),
      'POST /api/webhooks': (call) => json({ ...endpoint(call.body as Partial<Endpoint>), secret: SECRET }, 201),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Novo endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo endpoint' });
    expect(await seriousViolations(dialog)).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /URL/ }), 'https://crm.loja.com.br/webhooks');

    // None chosen: said under "Eventos", nothing sent.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Status de campanha' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar endpoint' }));
    const events = within(dialog).getByRole('group', { name: /^Eventos/ });
    expect(events).toHaveAccessibleDescription(/Escolha ao menos um evento\./);
    expect(callsTo('POST /api/webhooks')).toHaveLength(0);

    const tickets = within(dialog).getByRole('group', { name: 'Tickets' });
    await user.click(within(tickets).getByRole('checkbox', { name: 'Todos os eventos de Tickets' }));
    for (const name of ['Ticket aberto', 'Ticket aceito', 'Ticket transferido', 'Ticket encerrado']) {
      expect(within(tickets).getByRole('checkbox', { name })).toBeChecked();
    }
    expect(events).not.toHaveAccessibleDescription(/Escolha ao menos um evento/);
    // One out of the group: "Todos" is mixed.
    await user.click(within(tickets).getByRole('checkbox', { name: 'Ticket transferido' }));
    expect(within(tickets).getByRole('checkbox', { name: 'Todos os eventos de Tickets' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );
    const messages = within(dialog).getByRole('group', { name: 'Mensagens' });
    await user.click(within(messages).getByRole('checkbox', { name: 'Confirmação de entrega/leitura' }));
    const customers = within(dialog).getByRole('group', { name: 'Clientes' });
    await user.click(within(customers).getByRole('checkbox', { name: 'Todos os eventos de Clientes' }));
    // Each event says when it is sent.
    expect(within(tickets).getByRole('checkbox', { name: 'Ticket encerrado' })).toHaveAccessibleDescription(
      /motivo de encerramento e o link da transcrição/,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Criar endpoint' }));
    await waitFor(() => expect(callsTo('POST /api/webhooks')).toHaveLength(1));
    expect((callsTo('POST /api/webhooks')[0]?.body as { events: string[] }).events).toEqual([
      'ticket.opened',
      'ticket.accepted',
      'ticket.closed',
      'message.ack',
      'customer.created',
      'customer.updated',
      'customer.blacklisted',
    ]);
    expect(await screen.findByRole('dialog', { name: 'Endpoint criado' })).toBeInTheDocument();
  });

  it("shows the server's error on the events next to them", async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/webhooks': () => json({ data: [endpoint({ events: ['campaign.status', 'legacy.event'] })] }),
      'PUT /api/webhooks/3': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Dados inválidos.',
            errors: [{ field: 'events', message: 'Evento desconhecido: legacy.event.' }],
          },
          400,
        ),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Ações do endpoint CRM da loja' }));
    await user.click(screen.getByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar endpoint' });
    // An event this screen does not know stays, under "Outros".
    const others = within(dialog).getByRole('group', { name: 'Outros' });
    expect(within(others).getByRole('checkbox', { name: 'legacy.event' })).toBeChecked();
    await user.click(within(others).getByRole('checkbox', { name: 'Pedido registrado' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/webhooks/3')).toHaveLength(1));
    expect((callsTo('PUT /api/webhooks/3')[0]?.body as { events: string[] }).events).toEqual([
      'order.created',
      'campaign.status',
      'legacy.event',
    ]);
    expect(await within(dialog).findByRole('group', { name: /^Eventos/ })).toHaveAccessibleDescription(
      /Evento desconhecido: legacy\.event\./,
    );
  });

  it('filters the deliveries log by event: the "Evento" choice goes in the query', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/webhooks': () => json({ data: [endpoint({ events: ALL_EVENTS })] }),
      'GET /api/webhooks/3/deliveries': (call) =>
        call.query.get('eventType') === 'message.received'
          ? json({ data: [], nextCursor: null })
          : json({ data: [delivery(), delivery({ id: 42, eventType: 'message.received' })], nextCursor: null }),
    });
    open('/webhooks?endpoint=3');
    const drawer = await screen.findByRole('dialog', { name: 'Entregas: CRM da loja' });
    expect(await within(drawer).findAllByTestId('delivery')).toHaveLength(2);
    expect(callsTo('GET /api/webhooks/3/deliveries')[0]?.query.has('eventType')).toBe(false);
    const filter = within(drawer).getByRole('combobox', { name: 'Evento' });
    expect(filter).toHaveValue('Todos');

    await user.click(filter);
    // The 13 events and the test, under their groups.
    expect(screen.getAllByRole('option')).toHaveLength(15);
    expect(screen.getByRole('option', { name: 'Teste' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Mensagem recebida' }));
    expect(await within(drawer).findByText('Nenhuma entrega deste evento')).toBeInTheDocument();
    const last = callsTo('GET /api/webhooks/3/deliveries').at(-1);
    expect(last?.query.get('eventType')).toBe('message.received');
    expect(last?.query.get('limit')).toBe('20');
    expect(await seriousViolations(drawer)).toEqual([]);
  });

  it('"Reenviar período": the last 24 hours, the events and "only failed" go; the count is said', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/webhooks': () =>
        json({ data: [endpoint({ events: ['ticket.closed', 'message.sent', 'campaign.status'] })] }),
      'POST /api/webhooks/3/replay': [() => json({ queued: 0 }), () => json({ queued: 3 })],
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Ações do endpoint CRM da loja' }));
    await user.click(screen.getByRole('menuitem', { name: 'Reenviar período' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reenviar período' });
    // Up to the next minute (São Paulo time), 24 hours back.
    expect(within(dialog).getByRole('textbox', { name: /^De/ })).toHaveValue('25/11/2026 12:05');
    expect(within(dialog).getByRole('textbox', { name: /^Até/ })).toHaveValue('26/11/2026 12:05');
    expect(within(dialog).getByRole('switch', { name: 'Somente as que falharam' })).toBeChecked();
    expect(await seriousViolations(dialog)).toEqual([]);

    // Every event, only the failed ones: no eventTypes.
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(callsTo('POST /api/webhooks/3/replay')).toHaveLength(1));
    expect(callsTo('POST /api/webhooks/3/replay')[0]?.body).toEqual({
      from: '2026-11-25T15:05:00.000Z',
      to: '2026-11-26T15:05:00.000Z',
      onlyFailed: true,
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Nenhuma entrega no período.' }),
      ),
    );
    // Nothing went: the dialog stays, to try another period.
    expect(screen.getByRole('dialog', { name: 'Reenviar período' })).toBeInTheDocument();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^De/ }), { target: { value: '20/11/2026 08:00' } });
    // Only the endpoint's events can be chosen.
    await user.click(within(dialog).getByRole('combobox', { name: 'Eventos' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Ticket encerrado',
      'Mensagem enviada',
      'Status de campanha',
    ]);
    await user.click(screen.getByRole('option', { name: 'Ticket encerrado' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Somente as que falharam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(callsTo('POST /api/webhooks/3/replay')).toHaveLength(2));
    expect(callsTo('POST /api/webhooks/3/replay')[1]?.body).toEqual({
      from: '2026-11-20T11:00:00.000Z',
      to: '2026-11-26T15:05:00.000Z',
      eventTypes: ['ticket.closed'],
      onlyFailed: false,
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'teal', message: '3 entregas reenfileiradas.' }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('"Reenviar período": a reversed period is said before sending; the server\'s field errors after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/webhooks': () => json({ data: [endpoint()] }),
      'GET /api/webhooks/3/deliveries': () => json({ data: [delivery()], nextCursor: null }),
      'POST /api/webhooks/3/replay': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Dados inválidos.',
            errors: [{ field: 'from', message: 'O período tem no máximo 31 dias.' }],
          },
          400,
        ),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Ações do endpoint CRM da loja' }));
    await user.click(screen.getByRole('menuitem', { name: 'Reenviar período' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reenviar período' });
    const from = within(dialog).getByRole('textbox', { name: /^De/ });
    const to = within(dialog).getByRole('textbox', { name: /^Até/ });

    fireEvent.change(to, { target: { value: '20/11/2026 08:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    expect(await within(dialog).findByText('A data final deve ser depois da inicial.')).toBeInTheDocument();
    expect(to).toHaveAccessibleDescription(/A data final deve ser depois da inicial\./);
    expect(callsTo('POST /api/webhooks/3/replay')).toHaveLength(0);

    fireEvent.change(to, { target: { value: '26/11/2026 12:00' } });
    fireEvent.change(from, { target: { value: '01/11/2026 00:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(callsTo('POST /api/webhooks/3/replay')).toHaveLength(1));
    expect(await within(dialog).findByText('O período tem no máximo 31 dias.')).toBeInTheDocument();
    expect(from).toHaveAccessibleDescription(/O período tem no máximo 31 dias\./);
    expect(notifications.show).not.toHaveBeenCalled();
  });
});
