import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { messageTemplate } from '../../../testing/messages';
import { renderWithProviders } from '../../../testing/render';
import type { Ticket } from '../api/schemas';
import { alice, message, ticket } from '../test-data';
import { WINDOW_EXPLANATION } from '../window';
import { Conversation } from './Conversation';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const MIN = 60_000;

function mine(windowClosesAt: string | null): Ticket {
  return ticket(1, { status: 'open', assignedUser: { id: 7, name: 'Alice' }, unread: 0, windowClosesAt });
}

function at(ms: number): string {
  return new Date(ms).toISOString();
}

function serve(current: Ticket, extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/tickets/1': () => json(current),
    'GET /api/tickets/1/messages': () => json({ data: [message(5, { body: 'Oi?' })], next_cursor: null }),
    'GET /api/media/limits': () => json({ limits: [] }),
    'GET /api/templates': () => json([messageTemplate(3)]),
    ...extra,
  });
}

/** Lets `ms` of (fake) time pass as it would: a step at a time, React rendering between steps. */
async function pass(ms: number) {
  for (let left = ms; left > 0; left -= 30_000) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(left, 30_000)));
  }
}

function open() {
  return renderWithProviders(
    <Conversation viewer={alice} ticketId={1} onBack={vi.fn()} onShowCustomer={vi.fn()} onTaken={vi.fn()} />,
  );
}

async function fillTemplate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Modelo' }));
  await user.click(await screen.findByRole('option', { name: /^pedido_enviado_3/ }));
  await user.type(screen.getByRole('textbox', { name: 'Parâmetro {{1}}' }), 'Joana');
  await user.type(screen.getByRole('textbox', { name: 'Parâmetro {{2}}' }), '#987');
}

describe('the 24-hour window in the conversation', () => {
  beforeEach(() => logIn());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows no chip for a number without the window', async () => {
    serve(mine(null));
    open();
    expect(await screen.findByRole('heading', { name: 'Cliente 1' })).toBeInTheDocument();
    expect(screen.queryByTestId('service-window')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modelo' })).not.toBeInTheDocument();
  });

  it('counts down in the header, orange under 2 h', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    serve(mine(at(NOW + 2 * 60 * MIN + 90_000)));
    open();
    const chip = await screen.findByTestId('service-window');
    expect(chip).toHaveTextContent('Janela fecha em 2 h 1 min');
    expect(chip).toHaveAttribute('data-tone', 'open');
    expect(chip).toHaveAttribute('title', WINDOW_EXPLANATION);
    expect(screen.getByRole('button', { name: 'Modelo' })).toBeInTheDocument();

    await pass(60_000);
    expect(chip).toHaveTextContent('Janela fecha em 2 h');
    await pass(60_000);
    expect(chip).toHaveTextContent('Janela fecha em 1 h 59 min');
    expect(chip).toHaveAttribute('data-tone', 'closing');
  });

  it('flips to closed the moment it closes, without a reload, the composer with it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    serve(mine(at(NOW + 90_000)));
    open();
    const chip = await screen.findByTestId('service-window');
    expect(chip).toHaveTextContent('Janela fecha em 1 min');
    await pass(60_000);
    expect(chip).toHaveTextContent('Janela fecha em instantes');
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Responder' })).toBeInTheDocument();

    await pass(30_000);
    expect(chip).toHaveTextContent('Janela de 24 h fechada');
    expect(chip).toHaveAttribute('data-tone', 'closed');
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).not.toBeInTheDocument();
    // A template cannot quote a message.
    expect(screen.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Modelo' })).toBeInTheDocument();
  });

  it('sends a template as {clientId, template: {id, parameters}} and shows the server’s message', async () => {
    const { callsTo } = serve(mine(at(Date.now() - MIN)), {
      'POST /api/tickets/1/messages': ({ body }) =>
        json(
          message(6, {
            direction: 'out',
            body: 'Olá Joana, seu pedido #987 saiu para entrega.',
            clientId: (body as { clientId: string }).clientId,
          }),
          201,
        ),
    });
    const user = userEvent.setup();
    open();
    await fillTemplate(user);
    await user.click(screen.getByRole('button', { name: 'Enviar modelo' }));

    await waitFor(() => expect(callsTo('POST /api/tickets/1/messages')).toHaveLength(1));
    const body = callsTo('POST /api/tickets/1/messages')[0]?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['clientId', 'template']);
    expect(body.template).toEqual({ id: 3, parameters: ['Joana', '#987'] });
    expect(body.clientId).toMatch(/^[0-9a-f-]{36}$/);
    const log = screen.getByRole('log', { name: 'Mensagens' });
    expect(await within(log).findByText('Olá Joana, seu pedido #987 saiu para entrega.')).toBeInTheDocument();
    // Ready for another: the picker starts over.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Parâmetro {{1}}' })).not.toBeInTheDocument());
  });

  it('a parameter the server refuses shows next to its field, and no message is left behind', async () => {
    serve(mine(at(Date.now() - MIN)), {
      'POST /api/tickets/1/messages': () =>
        json(
          {
            code: 'template_parameters',
            message: 'Preencha os parâmetros do modelo.',
            errors: [{ field: 'template.parameters[0]', message: 'Informe o parâmetro {{1}}.' }],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    open();
    await fillTemplate(user);
    await user.click(screen.getByRole('button', { name: 'Enviar modelo' }));

    const first = screen.getByRole('textbox', { name: 'Parâmetro {{1}}' });
    await waitFor(() => expect(first).toHaveAccessibleDescription('Informe o parâmetro {{1}}.'));
    expect(first).toHaveValue('Joana');
    const log = screen.getByRole('log', { name: 'Mensagens' });
    expect(within(log).queryByText(/seu pedido/)).not.toBeInTheDocument();
    expect(within(log).queryByText('Não entregue')).not.toBeInTheDocument();
  });

  it('free text refused because the window closed says so on the message and reads the ticket again', async () => {
    const { callsTo } = serve(mine(at(Date.now() + 5 * MIN)), {
      'POST /api/tickets/1/messages': () =>
        json({ code: 'window_closed', message: 'A janela de 24 horas fechou: envie um modelo aprovado.' }, 422),
    });
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByRole('textbox', { name: 'Mensagem' }), 'Ainda está aí?{Enter}');
    const log = screen.getByRole('log', { name: 'Mensagens' });
    expect(await within(log).findByText('A janela de 24 horas fechou: envie um modelo aprovado.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET /api/tickets/1')).toHaveLength(2));
  });
});
