import { act, screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { Instance } from '../api/get-instances';
import { applyPairingCodeEvent } from '../pairing-codes';
import { ConnectInstanceModal, QR_REFRESH_MS } from './ConnectInstanceModal';

const gateway: Instance = {
  id: 9,
  name: 'WhatsApp Loja',
  activated: true,
  isOfficial: false,
  isUnlimited: false,
  status: 'disconnected',
  hasProvider: true,
  providerBaseUrl: null,
  providerKind: 'evolution',
  cloud: null,
  evolution: { baseUrl: 'https://evolution.loja.com.br', instanceName: 'loja-centro', keepGroups: false },
  lastSyncAt: null,
};

const generic: Instance = {
  ...gateway,
  id: 4,
  name: 'WhatsApp Vendas',
  providerBaseUrl: 'https://provedor.example',
  providerKind: 'generic',
  evolution: null,
};

/** The instance the dialog shows, as the live list would hand it over (null: closed). */
let show: (instance: Instance | null) => void = () => {};

function Harness({ initial }: { initial: Instance }) {
  const [instance, setInstance] = useState<Instance | null>(initial);
  useEffect(() => {
    show = setInstance;
  }, []);
  return <ConnectInstanceModal instance={instance} onClose={() => setInstance(null)} />;
}

const qr = (code: string) => () => json({ qrcode: code });

/** Lets `ms` pass on the fake clock, running what falls due (timers, then the answers they ask for). */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('ConnectInstanceModal', () => {
  beforeEach(() => {
    // The clock also moves on by itself, so Testing Library's waits still poll.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logIn(['instances']);
  });
  afterEach(() => vi.useRealTimers());

  it("renews an evolution instance's QR code every 20 s, still while it connects, and stops once it is connected", async () => {
    const { callsTo } = stubFetch({
      'POST /api/instance/9/connect': [qr('2@primeiro'), qr('2@segundo'), qr('2@terceiro'), qr('2@quarto')],
    });
    renderWithProviders(<Harness initial={{ ...gateway, status: 'qrcode' }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Conectar número: WhatsApp Loja' });
    await within(dialog).findByTitle('QR code para conectar o número');
    const code = within(dialog).getByTestId('pairing-code');
    expect(code).toHaveAttribute('data-code', '2@primeiro');
    expect(within(dialog).getByText('O código é renovado a cada 20 s.')).toBeInTheDocument();
    expect(callsTo('POST /api/instance/9/connect')).toHaveLength(1);

    await wait(QR_REFRESH_MS - 2000);
    expect(callsTo('POST /api/instance/9/connect')).toHaveLength(1);
    await wait(2000);
    await waitFor(() => expect(code).toHaveAttribute('data-code', '2@segundo'));
    expect(callsTo('POST /api/instance/9/connect')).toHaveLength(2);

    // Read on the phone: the gateway reports `connecting`; not connected yet, so the code is still renewed.
    act(() => show({ ...gateway, status: 'connecting' }));
    expect(within(dialog).getByText(/Situação: Conectando\./)).toBeInTheDocument();
    await wait(QR_REFRESH_MS);
    await waitFor(() => expect(code).toHaveAttribute('data-code', '2@terceiro'));
    expect(callsTo('POST /api/instance/9/connect')).toHaveLength(3);

    act(() => show({ ...gateway, status: 'connected' }));
    expect(within(dialog).getByText('Número conectado')).toBeInTheDocument();
    expect(within(dialog).getByText('A instância WhatsApp Loja já recebe e envia mensagens.')).toBeInTheDocument();
    await wait(3 * QR_REFRESH_MS);
    expect(callsTo('POST /api/instance/9/connect')).toHaveLength(3);
  });

  it('a failed renewal shows the server’s message without closing, and the next renewal brings a code back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { callsTo } = stubFetch({
      'POST /api/instance/9/connect': [
        qr('2@primeiro'),
        () => json({ code: 'provider_error', message: 'Erro no provedor da instância: o gateway não respondeu.' }, 422),
        qr('2@terceiro'),
      ],
    });
    renderWithProviders(<Harness initial={gateway} />);
    const dialog = await screen.findByRole('dialog', { name: 'Conectar número: WhatsApp Loja' });
    await within(dialog).findByTitle('QR code para conectar o número');

    await wait(QR_REFRESH_MS);
    const failure = await within(dialog).findByRole('alert', {
      name: 'Não foi possível renovar o código de pareamento.',
    });
    expect(failure).toHaveTextContent('Erro no provedor da instância: o gateway não respondeu.');
    // The expired code is not left up to be read.
    expect(within(dialog).queryByTitle('QR code para conectar o número')).toBeNull();
    expect(within(dialog).getByText('Sem código no momento')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Conectar número: WhatsApp Loja' })).toBeInTheDocument();

    await wait(QR_REFRESH_MS);
    await waitFor(() => expect(within(dialog).getByTestId('pairing-code')).toHaveAttribute('data-code', '2@terceiro'));
    expect(within(dialog).queryByRole('alert', { name: /^Não foi possível/ })).toBeNull();
    expect(callsTo('POST /api/instance/9/connect')).toHaveLength(3);
  });

  it('a code the gateway pushes replaces the shown one at once, and the next ask waits 20 s from it', async () => {
    // A code pushed before the dialog opened is stale: never shown.
    applyPairingCodeEvent({ event: 'InstancePairingCode', instanceId: 9, qrcode: '2@antigo' });
    const { callsTo } = stubFetch({ 'POST /api/instance/9/connect': [qr('2@primeiro'), qr('2@pedido')] });
    renderWithProviders(<Harness initial={{ ...gateway, status: 'qrcode' }} />);
    const dialog = await screen.findByRole('dialog', { name: 'Conectar número: WhatsApp Loja' });
    await within(dialog).findByTitle('QR code para conectar o número');
    const code = within(dialog).getByTestId('pairing-code');
    expect(code).toHaveAttribute('data-code', '2@primeiro');

    await wait(QR_REFRESH_MS - 5000);
    act(() => applyPairingCodeEvent({ event: 'InstancePairingCode', instanceId: 9, qrcode: '2@empurrado' }));
    expect(code).toHaveAttribute('data-code', '2@empurrado');
    // Another instance's code is not this dialog's.
    act(() => applyPairingCodeEvent({ event: 'InstancePairingCode', instanceId: 4, qrcode: '2@outra' }));
    expect(code).toHaveAttribute('data-code', '2@empurrado');
    await wait(QR_REFRESH_MS - 1000);
    expect(callsTo('POST /api/instance/9/connect')).toHaveLength(1);
    await wait(1000);
    await waitFor(() => expect(code).toHaveAttribute('data-code', '2@pedido'));
  });

  it("a generic provider's pushed code is shown too", async () => {
    stubFetch({ 'POST /api/instance/4/connect': qr('2@generico') });
    renderWithProviders(<Harness initial={generic} />);
    const dialog = await screen.findByRole('dialog', { name: 'Conectar número: WhatsApp Vendas' });
    await within(dialog).findByTitle('QR code para conectar o número');
    act(() => applyPairingCodeEvent({ event: 'InstancePairingCode', instanceId: 4, qrcode: '2@novo' }));
    expect(within(dialog).getByTestId('pairing-code')).toHaveAttribute('data-code', '2@novo');
  });

  it('stops renewing when the dialog closes', async () => {
    const { callsTo } = stubFetch({ 'POST /api/instance/9/connect': qr('2@primeiro') });
    renderWithProviders(<Harness initial={gateway} />);
    const dialog = await screen.findByRole('dialog', { name: 'Conectar número: WhatsApp Loja' });
    await within(dialog).findByTitle('QR code para conectar o número');
    act(() => show(null));
    await wait(3 * QR_REFRESH_MS);
    expect(callsTo('POST /api/instance/9/connect')).toHaveLength(1);
  });

  it("a generic provider's code is asked once, as before, with no renewal hint", async () => {
    const { callsTo } = stubFetch({ 'POST /api/instance/4/connect': [qr('2@generico'), qr('2@outro')] });
    renderWithProviders(<Harness initial={generic} />);
    const dialog = await screen.findByRole('dialog', { name: 'Conectar número: WhatsApp Vendas' });
    await within(dialog).findByTitle('QR code para conectar o número');
    expect(within(dialog).queryByText('O código é renovado a cada 20 s.')).toBeNull();
    await wait(3 * QR_REFRESH_MS);
    expect(callsTo('POST /api/instance/4/connect')).toHaveLength(1);
    expect(within(dialog).getByTestId('pairing-code')).toHaveAttribute('data-code', '2@generico');
  });
});
