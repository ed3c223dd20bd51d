import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { groupSecret } from '../code';
import { TwoFactorPanel } from './TwoFactorPanel';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const enrollment = {
  secret: SECRET,
  otpauth_url: `otpauth://totp/Back-office:ana%40acme.com.br?secret=${SECRET}&issuer=Back-office`,
};

async function typeCode(code: string) {
  const user = userEvent.setup();
  const [first] = screen.getAllByRole('textbox');
  await user.click(first!);
  await user.paste(code);
  return user;
}

describe('TwoFactorPanel', () => {
  beforeEach(() => {
    logIn();
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });

  it('turns two-factor on: QR code and secret, then the first code confirms it', async () => {
    const { callsTo } = stubFetch({
      'PATCH /api/user-settings/7': [() => json(enrollment), () => json({ two_factor_enabled: true })],
    });
    renderWithProviders(<TwoFactorPanel userId={7} enabled={false} />);
    expect(screen.getByText('Desativada')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByLabelText('Chave secreta')).toHaveTextContent(groupSecret(SECRET));
    expect(screen.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeInTheDocument();
    expect(callsTo('PATCH /api/user-settings/7')[0]?.body).toEqual({ action: 'enroll' });

    await typeCode('123456');
    await waitFor(() => expect(callsTo('PATCH /api/user-settings/7')).toHaveLength(2));
    expect(callsTo('PATCH /api/user-settings/7')[1]?.body).toEqual({ action: 'confirm', code: '123456' });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Autenticação em dois fatores ativada' }),
      ),
    );
  });

  it("shows the server's message under the code boxes for a wrong code", async () => {
    stubFetch({
      'PATCH /api/user-settings/7': [
        () => json(enrollment),
        () =>
          json(
            {
              code: 'invalid_code',
              message: 'Código inválido ou já utilizado.',
              errors: [{ field: 'code', message: 'Código inválido ou já utilizado.' }],
            },
            422,
          ),
      ],
    });
    renderWithProviders(<TwoFactorPanel userId={7} enabled={false} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ativar' }));
    await screen.findByLabelText('Chave secreta');

    await typeCode('000000');
    expect(await screen.findByText('Código inválido ou já utilizado.')).toBeInTheDocument();
    for (const box of screen.getAllByRole('textbox')) expect(box).toHaveValue('');
  });

  it('asks for all six digits before calling the server', async () => {
    const { callsTo } = stubFetch({ 'PATCH /api/user-settings/7': () => json(enrollment) });
    renderWithProviders(<TwoFactorPanel userId={7} enabled={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ativar' }));
    await screen.findByLabelText('Chave secreta');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Digite os 6 dígitos do código.')).toBeInTheDocument();
    expect(callsTo('PATCH /api/user-settings/7')).toHaveLength(1);
  });

  it("says so when the tenant's plan has no two-factor", async () => {
    stubFetch({
      'PATCH /api/user-settings/7': () =>
        json(
          {
            code: 'feature_disabled',
            message: 'A autenticação em dois fatores não está habilitada para esta empresa.',
          },
          403,
        ),
    });
    renderWithProviders(<TwoFactorPanel userId={7} enabled={false} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A autenticação em dois fatores não está habilitada para esta empresa.',
    );
    expect(screen.queryByRole('button', { name: 'Ativar' })).not.toBeInTheDocument();
  });

  it('turns two-factor off with a current code', async () => {
    const { callsTo } = stubFetch({ 'PATCH /api/user-settings/7': () => json({ two_factor_enabled: false }) });
    renderWithProviders(<TwoFactorPanel userId={7} enabled />);
    expect(screen.getByText('Ativada')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Desativar' }));
    await typeCode('654321');
    await waitFor(() =>
      expect(callsTo('PATCH /api/user-settings/7')[0]?.body).toEqual({ action: 'disable', code: '654321' }),
    );
  });
});
