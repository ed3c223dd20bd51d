import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { groupSecret } from '../code';
import { TwoFactorPanel } from './TwoFactorPanel';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `k7m2${i}-q9x4${i}`);
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
      'PATCH /api/user-settings/7': [
        () => json(enrollment),
        () => json({ two_factor_enabled: true, recovery_codes: CODES }),
      ],
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

    // The ten recovery codes, once: copied or downloaded, then "Guardei os códigos" closes them for good.
    const dialog = await screen.findByRole('dialog', { name: 'Guarde os seus códigos de recuperação' });
    const list = within(dialog).getByRole('list', { name: 'Códigos de recuperação' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(dialog).toHaveTextContent('Eles não serão mostrados de novo.');
    expect(within(dialog).getByRole('button', { name: 'Copiar todos' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Baixar .txt' })).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Guardei os códigos' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
  });

  it('downloads the codes as a .txt file, one a line', async () => {
    stubFetch({
      'PATCH /api/user-settings/7': [
        () => json(enrollment),
        () => json({ two_factor_enabled: true, recovery_codes: CODES }),
      ],
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderWithProviders(<TwoFactorPanel userId={7} enabled={false} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ativar' }));
    await screen.findByLabelText('Chave secreta');
    await typeCode('123456');
    const dialog = await screen.findByRole('dialog', { name: 'Guarde os seus códigos de recuperação' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Baixar .txt' }));
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toMatch(/^codigos-de-recuperacao-\d{4}-\d{2}-\d{2}\.txt$/);
    const text = await blobs[0]!.text();
    for (const code of CODES) expect(text.split('\n')).toContain(code);
  });

  it('shows how many recovery codes are left, and a current code gets ten new ones', async () => {
    const fresh = CODES.map((code) => code.toUpperCase());
    const { callsTo } = stubFetch({
      'POST /api/user-settings/7/recovery-codes': [
        () =>
          json(
            {
              code: 'invalid_code',
              message: 'Código inválido ou já utilizado.',
              errors: [{ field: 'code', message: 'Código inválido ou já utilizado.' }],
            },
            422,
          ),
        () => json({ recovery_codes: fresh }),
      ],
    });
    renderWithProviders(<TwoFactorPanel userId={7} enabled recoveryCodesLeft={3} />);
    expect(screen.getByText('3 códigos de recuperação restantes')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Gerar novos códigos' }));
    expect(screen.getByText(/Os códigos atuais deixam de valer/)).toBeInTheDocument();

    await typeCode('000000');
    expect(await screen.findByText('Código inválido ou já utilizado.')).toBeInTheDocument();
    await typeCode('246810');
    await waitFor(() => expect(callsTo('POST /api/user-settings/7/recovery-codes')).toHaveLength(2));
    expect(callsTo('POST /api/user-settings/7/recovery-codes')[1]?.body).toEqual({ code: '246810' });
    const dialog = await screen.findByRole('dialog', { name: 'Guarde os seus códigos de recuperação' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(10);
    expect(within(dialog).getByText(fresh[0]!)).toBeInTheDocument();
  });

  it.each([
    [1, '1 código de recuperação restante'],
    [0, 'Nenhum código de recuperação restante'],
  ])('with %i codes left says "%s"', (left, text) => {
    renderWithProviders(<TwoFactorPanel userId={7} enabled recoveryCodesLeft={left} />);
    expect(screen.getByText(text)).toBeInTheDocument();
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
