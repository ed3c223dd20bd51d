import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noticeFor, queriesToRefresh } from '../../../app/realtime-events';
import type { Scheduled, ScheduledStatus } from '../../../lib/scheduled-messages';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { ScheduledMessagesScreen } from './ScheduledMessagesScreen';

/** Wednesday 9 December 2026, 12:00 in São Paulo. */
const NOW = new Date('2026-12-09T15:00:00Z');

function scheduled(id: number, extra: Partial<Scheduled> = {}): Scheduled {
  return {
    id,
    customer: { id: 100 + id, name: `Cliente ${id}`, phone: '+5511988887777' },
    instance: { id: 3, name: 'WhatsApp Loja' },
    author: { id: 1, name: 'Ana Souza' },
    body: `Mensagem ${id}`,
    sendAt: '2026-12-10T12:00:00Z',
    status: 'scheduled',
    cancelIfCustomerWrites: true,
    ticketId: null,
    messageId: null,
    error: null,
    cancelReason: null,
    createdAt: '2026-12-08T15:00:00Z',
    updatedAt: '2026-12-08T15:00:00Z',
    editable: true,
    attachment: null,
    template: null,
    ...extra,
  };
}

/** Answers the list as the server does: by status, two a page, `next_cursor` after the first. */
function listAnswer(all: () => Scheduled[]) {
  return (call: RecordedCall) => {
    const status = call.query.get('status') as ScheduledStatus;
    const matching = all().filter((item) => item.status === status);
    const from = call.query.get('cursor') === 'next' ? 2 : 0;
    return json({
      data: matching.slice(from, from + 2),
      next_cursor: from === 0 && matching.length > 2 ? 'next' : null,
    });
  };
}

/** The customers of the desktop table's rows (the phone's cards hold the same messages). */
function rowCustomers(): string[] {
  return screen
    .queryAllByTestId(/^scheduled-row-/)
    .map((row) => within(row).getAllByRole('cell')[0]?.querySelector('p')?.textContent ?? '');
}

function statusFilter(name: string) {
  return within(screen.getByRole('radiogroup', { name: 'Mostrar agendamentos' })).getByRole('radio', { name });
}

async function openRowMenu(customer: string) {
  const buttons = screen.getAllByRole('button', { name: `Ações do agendamento para ${customer}` });
  await userEvent.click(buttons[0] as HTMLElement);
}

function renderScreen(manager = false, client?: QueryClient) {
  const screenElement = <ScheduledMessagesScreen manager={manager} />;
  return renderRoutes(
    [
      {
        path: '/',
        element: client ? <QueryClientProvider client={client}>{screenElement}</QueryClientProvider> : screenElement,
      },
    ],
    '/',
  );
}

describe('ScheduledMessagesScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads the chosen status, pages with the cursor and says what became of each message', async () => {
    const user = userEvent.setup();
    const all = [
      scheduled(1),
      scheduled(2, { cancelIfCustomerWrites: false, editable: false, author: { id: 2, name: 'Bruno' } }),
      scheduled(3, { sendAt: '2026-12-14T12:00:00Z' }),
      scheduled(4, { status: 'sent', ticketId: 77, messageId: 900, editable: false }),
      scheduled(5, { status: 'failed', error: 'O número está desconectado.', editable: false }),
      scheduled(6, { status: 'cancelled', cancelReason: 'customer_wrote', editable: false }),
    ];
    const { callsTo } = stubFetch({ 'GET /api/scheduled-messages': listAnswer(() => all) });
    const { container } = renderScreen(true);
    await waitFor(() => expect(rowCustomers()).toEqual(['Cliente 1', 'Cliente 2']));
    expect(callsTo('GET /api/scheduled-messages')[0]?.query.get('status')).toBe('scheduled');
    expect(callsTo('GET /api/scheduled-messages')[0]?.query.has('cursor')).toBe(false);
    const first = screen.getByTestId('scheduled-row-1');
    expect(first).toHaveTextContent('+55 11 98888-7777');
    expect(first).toHaveTextContent('WhatsApp Loja');
    expect(first).toHaveTextContent('qui., 10/12 às 09:00');
    expect(first).toHaveTextContent('Cancela se o cliente escrever antes');
    // Managers see the author; someone else's (not editable) has no menu.
    expect(screen.getByRole('columnheader', { name: 'Autor' })).toBeInTheDocument();
    expect(screen.getByTestId('scheduled-row-2')).toHaveTextContent('Bruno');
    expect(within(screen.getByTestId('scheduled-row-2')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('2 agendamentos mostrados · há mais')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(rowCustomers()).toEqual(['Cliente 1', 'Cliente 2', 'Cliente 3']));
    expect(callsTo('GET /api/scheduled-messages')[1]?.query.get('cursor')).toBe('next');
    expect(callsTo('GET /api/scheduled-messages')[1]?.query.get('status')).toBe('scheduled');

    await user.click(statusFilter('Enviadas'));
    await waitFor(() => expect(rowCustomers()).toEqual(['Cliente 4']));
    expect(callsTo('GET /api/scheduled-messages').at(-1)?.query.get('status')).toBe('sent');
    const links = within(screen.getByTestId('scheduled-row-4')).getAllByRole('link', { name: 'Abrir conversa' });
    expect(links[0]).toHaveAttribute('href', '/?ticket=77');

    await user.click(statusFilter('Com falha'));
    await waitFor(() => expect(rowCustomers()).toEqual(['Cliente 5']));
    expect(screen.getByTestId('scheduled-row-5')).toHaveTextContent('Não enviada: O número está desconectado.');

    await user.click(statusFilter('Canceladas'));
    await waitFor(() => expect(rowCustomers()).toEqual(['Cliente 6']));
    expect(callsTo('GET /api/scheduled-messages').at(-1)?.query.get('status')).toBe('cancelled');
    expect(screen.getByTestId('scheduled-row-6')).toHaveTextContent('Cancelada: o cliente escreveu antes');

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('says what each empty status holds; no author column for everyone else', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/scheduled-messages': () => json({ data: [], next_cursor: null }) });
    renderScreen(false);
    expect(await screen.findByText('Nenhuma mensagem agendada')).toBeInTheDocument();
    await user.click(statusFilter('Com falha'));
    expect(await screen.findByText('Nenhuma falha')).toBeInTheDocument();
  });

  it('cancels only after confirming: DELETE, the list read again, a notice', async () => {
    const user = userEvent.setup();
    let all = [scheduled(1), scheduled(2)];
    const { callsTo } = stubFetch({
      'GET /api/scheduled-messages': listAnswer(() => all),
      'DELETE /api/scheduled-messages/1': () => {
        const cancelled = scheduled(1, { status: 'cancelled', cancelReason: 'cancelled', editable: false });
        all = all.map((item) => (item.id === 1 ? cancelled : item));
        return json(cancelled);
      },
    });
    renderScreen();
    await waitFor(() => expect(rowCustomers()).toEqual(['Cliente 1', 'Cliente 2']));
    expect(screen.queryByRole('columnheader', { name: 'Autor' })).not.toBeInTheDocument();

    await openRowMenu('Cliente 1');
    await user.click(await screen.findByRole('menuitem', { name: 'Cancelar agendamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar agendamento' });
    expect(dialog).toHaveTextContent('A mensagem para Cliente 1 marcada para qui., 10/12 às 09:00 não será enviada.');
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE /api/scheduled-messages/1')).toHaveLength(0);

    await openRowMenu('Cliente 1');
    await user.click(await screen.findByRole('menuitem', { name: 'Cancelar agendamento' }));
    const again = await screen.findByRole('dialog', { name: 'Cancelar agendamento' });
    await user.click(within(again).getByRole('button', { name: 'Cancelar agendamento' }));
    await waitFor(() => expect(rowCustomers()).toEqual(['Cliente 2']));
    expect(callsTo('DELETE /api/scheduled-messages/1')).toHaveLength(1);
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Agendamento cancelado',
        message: 'A mensagem para Cliente 1 não será enviada.',
      }),
    );
  });

  it('edits in the dialog, prefilled, PUTting only what changed; a 409 says why above the fields', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/scheduled-messages': listAnswer(() => [scheduled(1)]),
      'GET /api/templates': () => json([]),
      'PUT /api/scheduled-messages/1': [
        (call) => json(scheduled(1, call.body as Partial<Scheduled>)),
        () => json({ code: 'schedule_not_pending', message: 'Esta mensagem já foi enviada ou cancelada.' }, 409),
      ],
    });
    renderScreen();
    await waitFor(() => expect(rowCustomers()).toEqual(['Cliente 1']));
    await openRowMenu('Cliente 1');
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar agendamento' });
    const text = within(dialog).getByRole('textbox', { name: /^Mensagem/ });
    expect(text).toHaveValue('Mensagem 1');
    expect(within(dialog).getByRole('textbox', { name: /^Data/ })).toHaveValue('10/12/2026');
    const time = within(dialog).getByRole('textbox', { name: /^Hora/ });
    expect(time).toHaveValue('09:00');
    const checkbox = within(dialog).getByRole('checkbox', { name: /Cancelar se o cliente escrever antes/ });
    expect(checkbox).toBeChecked();
    // Nothing changed yet: nothing to save.
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();

    await user.clear(text);
    await user.type(text, 'Seu pedido saiu para entrega.');
    await user.clear(time);
    await user.type(time, '14:30');
    await user.click(checkbox);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('PUT /api/scheduled-messages/1')[0]?.body).toEqual({
      body: 'Seu pedido saiu para entrega.',
      sendAt: '2026-12-10T14:30:00-03:00',
      cancelIfCustomerWrites: false,
    });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Mensagem agendada para qui., 10/12 às 14:30' }),
    );

    await openRowMenu('Cliente 1');
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const second = await screen.findByRole('dialog', { name: 'Editar agendamento' });
    await user.type(within(second).getByRole('textbox', { name: /^Mensagem/ }), '!');
    await user.click(within(second).getByRole('button', { name: 'Salvar' }));
    expect(await within(second).findByRole('alert')).toHaveTextContent('Esta mensagem já foi enviada ou cancelada.');
    expect(callsTo('PUT /api/scheduled-messages/1')[1]?.body).toEqual({ body: 'Mensagem 1!' });
  });

  it('shows what a message sends besides its text: its file or its template', async () => {
    stubFetch({
      'GET /api/scheduled-messages': listAnswer(() => [
        scheduled(1, {
          body: 'Segue a tabela.',
          attachment: { mediaId: 55, fileName: 'tabela.pdf', type: 'document', mimeType: 'application/pdf', size: 10 },
        }),
        scheduled(2, {
          body: 'Olá Maria, seu pedido #98 saiu para entrega.',
          template: { id: 7, name: 'pedido_enviado', language: 'pt_BR', parameters: ['Maria', '#98'] },
        }),
      ]),
    });
    renderScreen();
    const file = await screen.findByTestId('scheduled-row-1');
    expect(within(file).getByRole('img', { name: 'Anexo' })).toBeInTheDocument();
    expect(file).toHaveTextContent('tabela.pdfSegue a tabela.');
    expect(screen.getByTestId('scheduled-row-2')).toHaveTextContent(
      'Modelopedido_enviadoOlá Maria, seu pedido #98 saiu para entrega.',
    );
  });

  it('"Novo agendamento" schedules without a conversation: customer and number chosen in the dialog', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/scheduled-messages': listAnswer(() => []),
      'GET /api/customers': () =>
        json({
          data: [{ id: 101, name: 'Maria Souza', phone: '+5511988887777', blacklisted: false }],
          next_cursor: null,
        }),
      'GET /api/inbox/instances': () => json([{ id: 3, name: 'WhatsApp Loja' }]),
      'GET /api/templates': () => json([]),
      'POST /api/scheduled-messages': () => json(scheduled(9), 201),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Novo agendamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agendar mensagem' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Cliente/ }));
    await user.click(await screen.findByRole('option', { name: /Maria Souza/ }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Número/ }));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Loja' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Mensagem/ }), 'Seu pedido chegou.');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST /api/scheduled-messages')[0]?.body).toMatchObject({
      customerId: 101,
      instanceId: 3,
      body: 'Seu pedido chegou.',
    });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Maria Souza recebe a mensagem pelo número WhatsApp Loja.' }),
    );
  });

  it('follows ScheduledMessageChanged: the lists are read again; a failure and an automatic cancel are toasted', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let all = [scheduled(1), scheduled(2)];
    const { callsTo } = stubFetch({ 'GET /api/scheduled-messages': listAnswer(() => all) });
    renderScreen(false, client);
    await waitFor(() => expect(rowCustomers()).toEqual(['Cliente 1', 'Cliente 2']));

    // What app/realtime.ts does with an event: its notice, then the queries it makes stale.
    const failed = scheduled(1, { status: 'failed', error: 'O número está desconectado.', editable: false });
    all = [failed, scheduled(2)];
    const event = { event: 'ScheduledMessageChanged', scheduled: failed };
    expect(noticeFor(event, { id: 1, departmentId: null })).toEqual({
      color: 'red',
      title: 'Mensagem agendada não enviada',
      message: 'Para Cliente 1: O número está desconectado.',
    });
    await act(async () => {
      for (const queryKey of queriesToRefresh(event)) await client.invalidateQueries({ queryKey });
    });
    await waitFor(() => expect(rowCustomers()).toEqual(['Cliente 2']));
    expect(callsTo('GET /api/scheduled-messages')).toHaveLength(2);

    const wrote = { ...scheduled(2), status: 'cancelled' as const, cancelReason: 'customer_wrote' };
    expect(noticeFor({ event: 'ScheduledMessageChanged', scheduled: wrote }, { id: 1, departmentId: null })).toEqual({
      color: 'yellow',
      title: 'Agendamento cancelado',
      message: 'Cliente 2 escreveu antes do envio.',
    });
    const sent = { ...scheduled(2), status: 'sent' as const, ticketId: 7 };
    expect(noticeFor({ event: 'ScheduledMessageChanged', scheduled: sent }, { id: 1, departmentId: null })).toBeNull();
  });
});
