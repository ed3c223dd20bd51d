import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Scheduled } from '../lib/scheduled-messages';
import { json, logIn, stubFetch } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render';
import { ScheduleMessageModal, type ScheduleTarget } from './ScheduleMessageModal';

/** Wednesday 9 December 2026, 12:00 in São Paulo. */
const NOW = new Date('2026-12-09T15:00:00Z');

const NEW: ScheduleTarget = {
  kind: 'new',
  customer: { id: 101, name: 'Maria Souza', phone: '+5511988887777' },
  instance: { id: 3, name: 'WhatsApp Loja' },
};

function saved(extra: Partial<Scheduled> = {}): Scheduled {
  return {
    id: 9,
    customer: { id: 101, name: 'Maria Souza', phone: '+5511988887777' },
    instance: { id: 3, name: 'WhatsApp Loja' },
    author: { id: 1, name: 'Ana' },
    body: 'Oi',
    sendAt: '2026-12-10T12:00:00Z',
    status: 'scheduled',
    cancelIfCustomerWrites: true,
    ticketId: null,
    messageId: null,
    error: null,
    cancelReason: null,
    createdAt: '2026-12-09T15:00:00Z',
    updatedAt: '2026-12-09T15:00:00Z',
    editable: true,
    ...extra,
  };
}

/** The serious and critical violations axe finds (jsdom draws nothing: no colour contrast). */
async function seriousViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

describe('ScheduleMessageModal', { timeout: 30_000 }, () => {
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

  it('posts the text, the São Paulo pick with its −03:00 offset and the checkbox, then says when', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { callsTo } = stubFetch({
      'POST /api/scheduled-messages': (call) => json(saved({ sendAt: (call.body as { sendAt: string }).sendAt }), 201),
    });
    renderWithProviders(<ScheduleMessageModal opened target={NEW} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Agendar mensagem' });
    expect(dialog).toHaveTextContent('Para Maria Souza · +55 11 98888-7777');
    expect(dialog).toHaveTextContent('Pelo número WhatsApp Loja');
    // Tomorrow 09:00 (São Paulo), cancelled if the customer writes first, unless changed.
    expect(within(dialog).getByRole('textbox', { name: /^Data/ })).toHaveValue('10/12/2026');
    expect(within(dialog).getByRole('textbox', { name: /^Hora/ })).toHaveValue('09:00');
    const cancelIfWrites = within(dialog).getByRole('checkbox', { name: /Cancelar se o cliente escrever antes/ });
    expect(cancelIfWrites).toBeChecked();
    expect(await seriousViolations(dialog)).toEqual([]);

    // Nothing goes without a text.
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    expect(await within(dialog).findByText('Escreva a mensagem.')).toBeInTheDocument();
    expect(callsTo('POST /api/scheduled-messages')).toHaveLength(0);

    const text = within(dialog).getByRole('textbox', { name: /^Mensagem/ });
    await user.type(text, '  Olá, Maria! Seu pedido chegou.  ');
    expect(within(dialog).getByText('34 de 4.096 caracteres')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Segunda 9h' }));
    expect(within(dialog).getByRole('textbox', { name: /^Data/ })).toHaveValue('14/12/2026');
    const time = within(dialog).getByRole('textbox', { name: /^Hora/ });
    await user.clear(time);
    await user.type(time, '1430');
    await user.click(cancelIfWrites);
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo('POST /api/scheduled-messages')[0]?.body).toEqual({
      customerId: 101,
      instanceId: 3,
      body: 'Olá, Maria! Seu pedido chegou.',
      sendAt: '2026-12-14T14:30:00-03:00',
      cancelIfCustomerWrites: false,
    });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Mensagem agendada para seg., 14/12 às 14:30' }),
    );
  });

  it('shows the server’s invalid_send_at under the day, which takes the focus; a 404 above the fields', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { callsTo } = stubFetch({
      'POST /api/scheduled-messages': [
        () => json({ code: 'invalid_send_at', message: 'Escolha uma data e hora no futuro, em até um ano.' }, 422),
        () => json({ code: 'instance_not_found', message: 'Número não encontrado.' }, 404),
      ],
    });
    renderWithProviders(<ScheduleMessageModal opened target={NEW} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Agendar mensagem' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Mensagem/ }), 'Lembrete');
    await user.click(within(dialog).getByRole('button', { name: 'Em 1 hora' }));
    expect(within(dialog).getByRole('textbox', { name: /^Hora/ })).toHaveValue('13:00');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));

    const date = within(dialog).getByRole('textbox', { name: /^Data/ });
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription(/Escolha uma data e hora no futuro, em até um ano\./);
    expect(date).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo('POST /api/scheduled-messages')[0]?.body).toMatchObject({ sendAt: '2026-12-09T13:00:00-03:00' });
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Amanhã 9h' }));
    expect(date).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Número não encontrado.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks a past moment before asking the server', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({});
    renderWithProviders(<ScheduleMessageModal opened target={NEW} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Agendar mensagem' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Mensagem/ }), 'Oi');
    const time = within(dialog).getByRole('textbox', { name: /^Hora/ });
    const date = within(dialog).getByRole('textbox', { name: /^Data/ });
    await user.clear(date);
    await user.type(date, '09/12/2026');
    await user.clear(time);
    await user.type(time, '11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    expect(await within(dialog).findByText('Escolha uma data e hora no futuro, em até um ano.')).toBeInTheDocument();
    expect(callsTo('POST /api/scheduled-messages')).toHaveLength(0);
  });
});
