import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { COORDINATES_HINT } from '../composer/coordinates';
import { message } from '../test-data';
import { serviceWindow } from '../window';
import { Composer, type SendExtra } from './Composer';

const MAPS_LINK =
  'https://www.google.com/maps/place/Av.+Paulista,+1578/@-23.5600,-46.6500,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d-23.5614!4d-46.6559';

async function openDialog(name: 'Enviar localização' | 'Enviar contato') {
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}

describe('sending a location', () => {
  beforeEach(() => {
    logIn();
    stubFetch({ 'GET /api/media/limits': () => json({ limits: [] }) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('a pasted Google Maps link and a name go as a location, with no text; the draft stays', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderWithProviders(<Composer ticketId={11} onSend={onSend} />);
    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'rascunho');
    const dialog = await openDialog('Enviar localização');
    const field = within(dialog).getByRole('textbox', { name: 'Coordenadas ou link do mapa' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.click(field);
    await user.paste(MAPS_LINK);
    expect(within(dialog).getByText('Latitude -23,5614, longitude -46,6559')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Conferir no mapa' })).toHaveAttribute(
      'href',
      expect.stringContaining('mlat=-23.5614&mlon=-46.6559'),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome do local (opcional)' }), 'Loja Paulista');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    expect(onSend).toHaveBeenCalledTimes(1);
    const [body, extra] = onSend.mock.calls[0] as [string, SendExtra];
    expect(body).toBe('');
    expect(extra.location).toEqual({ latitude: -23.5614, longitude: -46.6559, name: 'Loja Paulista' });
    expect(extra.contacts).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toHaveValue('rascunho');
  });

  it('reads coordinates typed with decimal commas, and sends the address too', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderWithProviders(<Composer ticketId={12} onSend={onSend} />);
    const dialog = await openDialog('Enviar localização');
    await user.type(within(dialog).getByRole('textbox', { name: 'Coordenadas ou link do mapa' }), '-23,5614; -46,6559');
    await user.type(within(dialog).getByRole('textbox', { name: 'Endereço (opcional)' }), 'Av. Paulista, 1578');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(onSend).toHaveBeenCalledWith('', {
      location: { latitude: -23.5614, longitude: -46.6559, address: 'Av. Paulista, 1578' },
    });
  });

  it('says what to type when the entry cannot be read, and sends nothing', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderWithProviders(<Composer ticketId={13} onSend={onSend} />);
    const dialog = await openDialog('Enviar localização');
    const field = within(dialog).getByRole('textbox', { name: 'Coordenadas ou link do mapa' });

    // Nothing typed.
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(COORDINATES_HINT)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());

    // An address is not coordinates: said on leaving the field.
    await user.type(field, 'Av. Paulista, 1578');
    expect(within(dialog).queryByText(COORDINATES_HINT)).not.toBeInTheDocument();
    await user.tab();
    expect(within(dialog).getByText(COORDINATES_HINT)).toBeInTheDocument();

    // Off the map.
    await user.clear(field);
    await user.type(field, '-46.6559, -190');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText(/Fora do mapa/)).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();

    // "Cancelar" closes without sending.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onSend).not.toHaveBeenCalled();
  });

  it('Esc closes the dialog without sending', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderWithProviders(<Composer ticketId={14} onSend={onSend} />);
    const dialog = await openDialog('Enviar localização');
    await user.type(within(dialog).getByRole('textbox', { name: 'Coordenadas ou link do mapa' }), '-23.5, -46.6');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onSend).not.toHaveBeenCalled();
  });

  it('"Usar minha localização atual" fills in where the agent is; a refusal says so', async () => {
    const getCurrentPosition = vi
      .fn()
      .mockImplementationOnce((found: PositionCallback) =>
        found({ coords: { latitude: -22.9068, longitude: -43.1729 } } as GeolocationPosition),
      )
      .mockImplementationOnce((_found: PositionCallback, failed: PositionErrorCallback) =>
        failed({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
      );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderWithProviders(<Composer ticketId={15} onSend={onSend} />);
    const dialog = await openDialog('Enviar localização');

    await user.click(within(dialog).getByRole('button', { name: 'Usar minha localização atual' }));
    expect(within(dialog).getByRole('textbox', { name: 'Coordenadas ou link do mapa' })).toHaveValue(
      '-22.906800, -43.172900',
    );
    expect(within(dialog).getByText('Latitude -22,9068, longitude -43,1729')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Usar minha localização atual' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('O navegador não deu acesso à sua localização');

    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(onSend).toHaveBeenCalledWith('', { location: { latitude: -22.9068, longitude: -43.1729 } });
  });

  it('offers no position where the browser has none', async () => {
    renderWithProviders(<Composer ticketId={16} onSend={vi.fn()} />);
    const dialog = await openDialog('Enviar localização');
    expect(within(dialog).queryByRole('button', { name: 'Usar minha localização atual' })).not.toBeInTheDocument();
  });

  it('quotes the message being answered and takes the reply away', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    const onCancelReply = vi.fn();
    const quoted = message(5, { body: 'Onde fica a loja?' });
    renderWithProviders(<Composer ticketId={17} onSend={onSend} replyTo={quoted} onCancelReply={onCancelReply} />);
    const dialog = await openDialog('Enviar localização');
    await user.type(within(dialog).getByRole('textbox', { name: 'Coordenadas ou link do mapa' }), '-23.5614, -46.6559');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const [, extra] = onSend.mock.calls[0] as [string, SendExtra];
    expect(extra.quotedMessageId).toBe(5);
    expect(extra.preview?.quoted?.body).toBe('Onde fica a loja?');
    expect(onCancelReply).toHaveBeenCalled();
  });
});

describe('sending a contact', () => {
  beforeEach(() => {
    logIn();
    stubFetch({ 'GET /api/media/limits': () => json({ limits: [] }) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a name and two phones go as one contact card, the phones as + and digits', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderWithProviders(<Composer ticketId={21} onSend={onSend} />);
    const dialog = await openDialog('Enviar contato');
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    await waitFor(() => expect(name).toHaveFocus());
    await user.type(name, 'Suporte Acme');
    await user.type(within(dialog).getByRole('textbox', { name: 'Telefone com DDI e DDD' }), '+55 11 3000-1000');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar telefone' }));
    const second = within(dialog).getByRole('textbox', { name: 'Telefone 2' });
    await waitFor(() => expect(second).toHaveFocus());
    await user.type(second, '55 (11) 98765-4321');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    expect(onSend).toHaveBeenCalledTimes(1);
    const [body, extra] = onSend.mock.calls[0] as [string, SendExtra];
    expect(body).toBe('');
    expect(extra.contacts).toEqual([{ name: 'Suporte Acme', phones: ['+551130001000', '+5511987654321'] }]);
    expect(extra.location).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a bad phone is pointed out and nothing is sent; a removed phone does not go', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderWithProviders(<Composer ticketId={22} onSend={onSend} />);
    const dialog = await openDialog('Enviar contato');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Ana');
    await user.type(within(dialog).getByRole('textbox', { name: 'Telefone com DDI e DDD' }), '+55 11 3000-1000');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar telefone' }));
    const second = within(dialog).getByRole('textbox', { name: 'Telefone 2' });
    await user.type(second, '3000-10');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    expect(await within(dialog).findByText('Telefone inválido: de 8 a 15 dígitos, com DDI e DDD.')).toBeInTheDocument();
    expect(second).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(second).toHaveFocus());
    expect(onSend).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Remover telefone 2' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Telefone 2' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(onSend).toHaveBeenCalledWith('', { contacts: [{ name: 'Ana', phones: ['+551130001000'] }] });
  });

  it('asks for the name and a phone, and takes up to five phones', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderWithProviders(<Composer ticketId={23} onSend={onSend} />);
    const dialog = await openDialog('Enviar contato');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialog).findByText('Informe o nome do contato.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe o telefone com DDI e DDD.')).toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();

    for (let added = 0; added < 4; added += 1) {
      await user.click(within(dialog).getByRole('button', { name: 'Adicionar telefone' }));
    }
    expect(within(dialog).getByRole('textbox', { name: 'Telefone 5' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Adicionar telefone' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Até 5 telefones por contato.')).toBeInTheDocument();
  });
});

describe('where the place and contact buttons show', () => {
  beforeEach(() => logIn());
  afterEach(() => vi.unstubAllGlobals());

  it('not once the 24-hour window has closed (only templates go)', async () => {
    stubFetch({ 'GET /api/media/limits': () => json({ limits: [] }), 'GET /api/templates': () => json([]) });
    const now = Date.parse('2026-11-23T12:00:00Z');
    renderWithProviders(
      <Composer
        ticketId={31}
        instanceId={1}
        onSend={vi.fn()}
        serviceWindow={serviceWindow('2026-11-23T11:00:00Z', now)}
        onSendTemplate={vi.fn()}
      />,
    );
    await screen.findByText(/Nenhum modelo aprovado/);
    expect(screen.queryByRole('button', { name: 'Enviar localização' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar contato' })).not.toBeInTheDocument();
  });

  it('not while a voice note is recorded', async () => {
    stubFetch({ 'GET /api/media/limits': () => json({ limits: [] }) });
    vi.stubGlobal(
      'MediaRecorder',
      class {
        static isTypeSupported = () => true;
        state = 'inactive';
        start() {
          this.state = 'recording';
        }
        stop() {
          this.state = 'inactive';
        }
      },
    );
    const getUserMedia = vi.fn().mockResolvedValue({ getTracks: () => [{ stop: vi.fn() }] });
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    const user = userEvent.setup();
    renderWithProviders(<Composer ticketId={32} onSend={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Enviar localização' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar contato' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Gravar mensagem de voz' }).focus();
    await user.keyboard(' ');
    await screen.findByRole('button', { name: 'Parar gravação' });
    expect(screen.queryByRole('button', { name: 'Enviar localização' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar contato' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anexar arquivos' })).not.toBeInTheDocument();
  });
});
