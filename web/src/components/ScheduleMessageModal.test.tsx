import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../lib/message-templates';
import type { Scheduled } from '../lib/scheduled-messages';
import { filePicker, nthXhr, stubXhr } from '../testing/fake-xhr';
import { json, logIn, stubFetch } from '../testing/fixtures';
import { emptyParameterRefusal, messageTemplate, quickReply, TABELA_PDF } from '../testing/messages';
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
    attachment: null,
    template: null,
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

/** The dialog's templates are number 3's: no header or footer. */
function template(id: number, extra: Partial<Template> = {}): Template {
  return messageTemplate(id, { instanceId: 3, header: null, footer: null, ...extra });
}

describe('ScheduleMessageModal: files, templates, quick replies and the customer picker', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn();
    stubXhr();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('uploads a file: the text becomes its optional caption, and both go', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { callsTo } = stubFetch({
      'GET /api/templates': () => json([]),
      'POST /api/scheduled-messages': () => json(saved(), 201),
    });
    renderWithProviders(<ScheduleMessageModal opened target={NEW} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Agendar mensagem' });
    // Not an official number: no template to choose.
    await waitFor(() => expect(callsTo('GET /api/templates')).toHaveLength(1));
    expect(within(dialog).queryByRole('radiogroup', { name: 'O que enviar' })).not.toBeInTheDocument();

    const file = new File(['%PDF'], 'tabela.pdf', { type: 'application/pdf' });
    await user.upload(filePicker(dialog), file);
    const xhr = await nthXhr(1);
    expect(xhr.url).toBe('/api/scheduled-messages/media?fileName=tabela.pdf');
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    expect(within(dialog).getByRole('button', { name: 'Agendar' })).toBeDisabled();
    xhr.respond(201, TABELA_PDF);
    expect(await within(dialog).findByTestId('attached-file')).toHaveTextContent('tabela.pdfPDF · 1,2 MB');
    expect(within(dialog).getByRole('textbox', { name: /^Legenda \(opcional\)/ })).not.toBeRequired();
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo('POST /api/scheduled-messages')[0]?.body).toEqual({
      customerId: 101,
      instanceId: 3,
      body: '',
      sendAt: '2026-12-10T09:00:00-03:00',
      cancelIfCustomerWrites: true,
      attachment: { mediaId: 55, fileName: 'tabela.pdf' },
    });
  });

  it('on an official number, sends an approved template with its values; a refused value shows under it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { callsTo } = stubFetch({
      'GET /api/templates': () => json([template(7), template(8, { name: 'promo', status: 'REJECTED' })]),
      'POST /api/scheduled-messages': [
        emptyParameterRefusal,
        () => json(saved({ body: 'Olá Maria, seu pedido #98 saiu para entrega.' }), 201),
      ],
    });
    // From a conversation whose window closes tomorrow at 08:00 (São Paulo).
    const official: ScheduleTarget = { ...NEW, windowClosesAt: '2026-12-10T11:00:00Z' };
    renderWithProviders(<ScheduleMessageModal opened target={official} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Agendar mensagem' });
    expect(dialog).toHaveTextContent('fora da janela de 24 horas do cliente');
    // Tomorrow 09:00 is past the window: a text would not be delivered.
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'A janela de 24 horas deste cliente fecha qui., 10/12 às 08:00',
    );

    await user.click(within(dialog).getByRole('radio', { name: 'Modelo aprovado' }));
    expect(within(dialog).queryByRole('textbox', { name: /^Mensagem/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    expect(await within(dialog).findByText('Escolha o modelo.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: /^Modelo aprovado/ }));
    expect(screen.queryByRole('option', { name: /promo/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /pedido_enviado_7/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Parâmetro \{\{1\}\}/ }), 'Maria');
    const second = within(dialog).getByRole('textbox', { name: /^Parâmetro \{\{2\}\}/ });
    await user.type(second, '#98');
    expect(within(dialog).getByRole('group', { name: 'Prévia do modelo' })).toHaveTextContent(
      'Olá Maria, seu pedido #98 saiu para entrega.',
    );
    expect(await seriousViolations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    await waitFor(() => expect(second).toHaveAccessibleDescription(/O parâmetro \{\{2\}\} não pode ficar vazio\./));
    expect(second).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
    const sent = {
      customerId: 101,
      instanceId: 3,
      body: '',
      sendAt: '2026-12-10T09:00:00-03:00',
      cancelIfCustomerWrites: true,
      template: { id: 7, parameters: ['Maria', '#98'] },
    };
    expect(callsTo('POST /api/scheduled-messages')[0]?.body).toEqual(sent);

    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo('POST /api/scheduled-messages')[1]?.body).toEqual(sent);
  });

  it('from the screen: finds the customer, chooses the number and inserts quick replies (filled, with their file)', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const maria = { id: 101, name: 'Maria Souza', phone: '+5511988887777', blacklisted: false };
    const bloqueado = { id: 102, name: 'Mário Bloqueado', phone: '+5511977776666', blacklisted: true };
    const tabela = quickReply(4, 'tabela', '{{saudacao}}, {{primeiro_nome}}! Segue a tabela.', {
      attachment: { mediaId: 55, fileName: 'tabela.pdf', type: 'document', mimeType: 'application/pdf', size: 2048 },
    });
    const protocolo = quickReply(5, 'protocolo', 'Seu protocolo é {{protocolo}}.');
    const { callsTo } = stubFetch({
      'GET /api/customers': (call) =>
        json({ data: call.query.get('search') ? [maria, bloqueado] : [], next_cursor: null }),
      'GET /api/inbox/instances': () => json([{ id: 3, name: 'WhatsApp Loja' }]),
      'GET /api/templates': () => json([]),
      'GET /api/quick-replies': () => json({ data: [tabela, protocolo], next_cursor: null }),
      'POST /api/scheduled-messages': () => json(saved(), 201),
    });
    renderWithProviders(<ScheduleMessageModal opened target={{ kind: 'choose' }} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Agendar mensagem' });
    expect(await seriousViolations(dialog)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    expect(await within(dialog).findByText('Escolha o cliente.')).toBeInTheDocument();
    expect(within(dialog).getByText('Escolha o número.')).toBeInTheDocument();
    const customer = within(dialog).getByRole('combobox', { name: /^Cliente/ });
    expect(customer).toHaveFocus();

    await user.type(customer, 'mar');
    expect(await screen.findByRole('option', { name: /Maria Souza/ })).toBeInTheDocument();
    expect(callsTo('GET /api/customers').at(-1)?.query.get('search')).toBe('mar');
    expect(callsTo('GET /api/customers').at(-1)?.query.get('limit')).toBe('20');
    expect(screen.getByRole('option', { name: /Mário Bloqueado/ })).toHaveAttribute('data-combobox-disabled', 'true');
    await user.click(screen.getByRole('option', { name: /Maria Souza/ }));
    expect(customer).toHaveValue('Maria Souza · +55 11 98888-7777');

    await user.click(within(dialog).getByRole('combobox', { name: /^Número/ }));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Loja' }));

    // A reply with a file: its text, filled for Maria at tomorrow 09:00, and its file.
    const replies = within(dialog).getByRole('combobox', { name: /^Inserir resposta rápida/ });
    await user.click(replies);
    await user.click(await screen.findByRole('option', { name: /\/tabela/ }));
    const text = within(dialog).getByRole('textbox', { name: /^Legenda/ });
    expect(text).toHaveValue('Bom dia, Maria! Segue a tabela.');
    expect(within(dialog).getByTestId('attached-file')).toHaveTextContent('tabela.pdf');

    // A reply whose variable nothing fills here must be rewritten.
    await user.type(text, ' ');
    await user.click(replies);
    await user.click(await screen.findByRole('option', { name: /\/protocolo/ }));
    expect(text).toHaveValue('Bom dia, Maria! Segue a tabela. Seu protocolo é {{protocolo}}.');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    expect(
      await within(dialog).findByText(
        'Troque {{protocolo}} pelo texto que o cliente deve ler: mensagens agendadas não preenchem variáveis.',
      ),
    ).toBeInTheDocument();
    expect(text).toHaveFocus();
    expect(callsTo('POST /api/scheduled-messages')).toHaveLength(0);

    await user.clear(text);
    await user.type(text, 'Bom dia, Maria! Segue a tabela. Seu protocolo é 123.');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The file's reply still counts; the rewritten one no longer does.
    expect(callsTo('POST /api/scheduled-messages')[0]?.body).toEqual({
      customerId: 101,
      instanceId: 3,
      body: 'Bom dia, Maria! Segue a tabela. Seu protocolo é 123.',
      sendAt: '2026-12-10T09:00:00-03:00',
      cancelIfCustomerWrites: true,
      quickReplyIds: [4],
      attachment: { mediaId: 55, fileName: 'tabela.pdf' },
    });
  });

  it('from the screen: a number the list says is not official offers no template, one it says is offers them', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/customers': () => json({ data: [], next_cursor: null }),
      'GET /api/inbox/instances': () =>
        json([
          { id: 3, name: 'WhatsApp Loja', official: false },
          { id: 9, name: 'WhatsApp Oficial', official: true },
        ]),
      // Whatever a number's templates would say, the list is what tells.
      'GET /api/templates': () => json([template(7)]),
      'GET /api/quick-replies': () => json({ data: [], next_cursor: null }),
    });
    renderWithProviders(<ScheduleMessageModal opened target={{ kind: 'choose' }} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Agendar mensagem' });

    await user.click(within(dialog).getByRole('combobox', { name: /^Número/ }));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Loja' }));
    expect(within(dialog).getByRole('textbox', { name: /^Mensagem/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radiogroup', { name: 'O que enviar' })).not.toBeInTheDocument();
    expect(callsTo('GET /api/templates')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /^Número/ }));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Oficial' }));
    expect(within(dialog).getByRole('radiogroup', { name: 'O que enviar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Modelo aprovado' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Modelo aprovado/ }));
    expect(await screen.findByRole('option', { name: /pedido_enviado_7/ })).toBeInTheDocument();
    expect(callsTo('GET /api/templates').map((call) => call.query.get('instanceId'))).toEqual(['9']);
  });

  it('edits a scheduled template: only its changed values go', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const scheduled = saved({
      body: 'Olá Maria, seu pedido #98 saiu para entrega.',
      template: { id: 7, name: 'pedido_enviado_7', language: 'pt_BR', parameters: ['Maria', '#98'] },
    });
    const { callsTo } = stubFetch({
      'GET /api/templates': () => json([template(7)]),
      'PUT /api/scheduled-messages/9': () => json(scheduled),
    });
    renderWithProviders(<ScheduleMessageModal opened target={{ kind: 'edit', scheduled }} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar agendamento' });
    expect(within(dialog).getByRole('radio', { name: 'Modelo aprovado' })).toBeChecked();
    const second = await within(dialog).findByRole('textbox', { name: /^Parâmetro \{\{2\}\}/ });
    expect(second).toHaveValue('#98');
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await user.clear(second);
    await user.type(second, '#99');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo('PUT /api/scheduled-messages/9')[0]?.body).toEqual({
      template: { id: 7, parameters: ['Maria', '#99'] },
    });
  });
});
