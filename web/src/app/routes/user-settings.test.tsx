/** /user-settings (docs/account.md): "Seus dados", "Alterar senha" and two-factor with recovery codes. */
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../../lib/session';
import { json, jwtExpiringIn, logIn, stubFetch, type RecordedCall } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { Component as UserSettings } from './user-settings';

function userInfo(extra: Record<string, unknown> = {}) {
  return {
    user: {
      id: 7,
      name: 'Ana Souza',
      username: 'ana',
      email: 'ana@acme.com.br',
      image: null,
      role: { id: 2, name: 'supervisor', display_name: 'Supervisor' },
      twoFactorEnabled: true,
      recoveryCodesLeft: 7,
      ...extra,
    },
    has_permission_routes: ['home'],
  };
}

function renderScreen(path = '/user-settings') {
  return renderRoutes([{ path: '/user-settings', element: <UserSettings /> }], path);
}

function passwordCard() {
  return screen.getByRole('region', { name: 'Alterar senha' });
}

const REAUTHENTICATION_REQUIRED = {
  code: 'reauthentication_required',
  message: 'Confirme a sua senha atual para continuar.',
  errors: [{ field: 'currentPassword', message: 'Confirme a sua senha atual para continuar.' }],
};
const INVALID_CURRENT_PASSWORD = {
  code: 'invalid_current_password',
  message: 'Senha atual incorreta.',
  errors: [{ field: 'currentPassword', message: 'Senha atual incorreta.' }],
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const ENROLLMENT = {
  secret: SECRET,
  otpauth_url: `otpauth://totp/Back-office:ana%40acme.com.br?secret=${SECRET}&issuer=Back-office`,
};

function twoFactorCard() {
  return screen
    .getByRole('heading', { name: 'Autenticação em dois fatores' })
    .closest('.mantine-Card-root') as HTMLElement;
}

function passwordDialog() {
  return screen.findByRole('dialog', { name: 'Confirme a sua senha' });
}

describe('/user-settings', () => {
  beforeEach(() => {
    logIn();
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });

  it('shows who the person is, the password card and two-factor with the codes left', async () => {
    stubFetch({ 'GET /api/auth/userInfo': () => json(userInfo()) });
    renderScreen();
    expect(await screen.findByText('ana@acme.com.br')).toBeInTheDocument();
    expect(screen.getByText('Supervisor')).toBeInTheDocument();
    expect(within(passwordCard()).getByLabelText(/^Senha atual/)).toBeInTheDocument();
    expect(screen.getByText('7 códigos de recuperação restantes')).toBeInTheDocument();
  });

  it('edits the name and photo: PUT /api/auth/profile, then the stored user info (the header) follows', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/auth/userInfo': [
        () => json(userInfo()),
        () => json(userInfo({ name: 'Ana Maria Souza', image: 'https://fotos.example/ana.png' })),
      ],
      'PUT /api/auth/profile': [
        () =>
          json(
            {
              code: 'invalid_image',
              message: 'Dados inválidos.',
              errors: [{ field: 'image', message: 'A foto deve ser um endereço https://.' }],
            },
            422,
          ),
        (call: RecordedCall) => json({ ...userInfo().user, ...(call.body as object) }),
      ],
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Editar nome e foto' }));
    const name = screen.getByRole('textbox', { name: /^Nome/ });
    const photo = screen.getByRole('textbox', { name: /^Endereço da foto/ });
    await user.clear(name);
    await user.type(name, 'Ana Maria Souza');
    await user.type(photo, 'http://inseguro.example/ana.png');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Use um endereço que comece com https:// ou deixe em branco.')).toBeInTheDocument();
    expect(callsTo('PUT /api/auth/profile')).toHaveLength(0);

    await user.clear(photo);
    await user.type(photo, 'https://fotos.example/ana.png');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // The server's field error shows under the field it names.
    expect(await screen.findByText('A foto deve ser um endereço https://.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/auth/profile')).toHaveLength(2));
    expect(callsTo('PUT /api/auth/profile')[1]?.body).toEqual({
      name: 'Ana Maria Souza',
      image: 'https://fotos.example/ana.png',
    });
    await waitFor(() => expect(getSession().userInfo?.displayName).toBe('Ana Maria Souza'));
    expect(getSession().userInfo?.photoURL).toBe('https://fotos.example/ana.png');
    expect(await screen.findByText('Ana Maria Souza')).toBeInTheDocument();
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Dados salvos' }));
  });

  it('an empty photo is sent as null (the initials again)', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/auth/userInfo': () => json(userInfo({ image: 'https://fotos.example/ana.png' })),
      'PUT /api/auth/profile': (call: RecordedCall) => json({ ...userInfo().user, ...(call.body as object) }),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Editar nome e foto' }));
    await user.clear(screen.getByRole('textbox', { name: /^Endereço da foto/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/auth/profile')[0]?.body).toEqual({ name: 'Ana Souza', image: null }));
  });

  it('changes the password: checks before sending, server field errors under their field, then the new token', async () => {
    const user = userEvent.setup();
    const token = jwtExpiringIn(900, { sid: 'nova' });
    const { callsTo } = stubFetch({
      'GET /api/auth/userInfo': () => json(userInfo()),
      'POST /api/auth/password': [
        () =>
          json(
            {
              code: 'invalid_current_password',
              message: 'Senha atual incorreta.',
              errors: [{ field: 'currentPassword', message: 'Senha atual incorreta.' }],
            },
            422,
          ),
        () =>
          json({
            access_token: token,
            token_type: 'Bearer',
            expires_in: 900,
            has_permission_routes: ['home', 'users'],
            origin_backoffice: false,
          }),
      ],
    });
    renderScreen();
    await screen.findByText('ana@acme.com.br');
    const card = passwordCard();
    const current = within(card).getByLabelText(/^Senha atual/);
    const next = within(card).getByLabelText(/^Nova senha/);
    const confirmation = within(card).getByLabelText(/^Confirme a nova senha/);

    await user.type(current, 'Antiga#Senha!1');
    await user.type(next, 'abc');
    expect(within(card).getByTestId('password-strength-label')).toHaveTextContent(/^Senha fraca$/);
    await user.type(confirmation, 'abd');
    await user.click(within(card).getByRole('button', { name: 'Alterar senha' }));
    expect(await within(card).findByText(/^Senha fraca\. Para ser aceita/)).toBeInTheDocument();
    expect(within(card).getByText('As senhas não conferem.')).toBeInTheDocument();
    expect(callsTo('POST /api/auth/password')).toHaveLength(0);

    await user.clear(next);
    await user.type(next, 'Nova#Senha!7');
    await user.clear(confirmation);
    await user.type(confirmation, 'Nova#Senha!7');
    await user.click(within(card).getByRole('button', { name: 'Alterar senha' }));
    expect(await within(card).findByText('Senha atual incorreta.')).toBeInTheDocument();
    expect(current).toHaveAccessibleDescription('Senha atual incorreta.');
    expect(callsTo('POST /api/auth/password')[0]?.body).toEqual({
      currentPassword: 'Antiga#Senha!1',
      newPassword: 'Nova#Senha!7',
    });

    await user.click(within(card).getByRole('button', { name: 'Alterar senha' }));
    expect(
      await within(card).findByText('Senha alterada. As suas outras sessões foram encerradas.'),
    ).toBeInTheDocument();
    expect(getSession().accessToken).toBe(token);
    // The user info is read again (with the new token).
    await waitFor(() => expect(callsTo('GET /api/auth/userInfo')).toHaveLength(2));
    expect(callsTo('GET /api/auth/userInfo')[1]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(current).toHaveValue('');
    expect(next).toHaveValue('');
  }, 20_000);

  it('a new password equal to the current one is refused before sending', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({ 'GET /api/auth/userInfo': () => json(userInfo()) });
    renderScreen();
    await screen.findByText('ana@acme.com.br');
    const card = passwordCard();
    await user.type(within(card).getByLabelText(/^Senha atual/), 'Mesma#Senha!1');
    await user.type(within(card).getByLabelText(/^Nova senha/), 'Mesma#Senha!1');
    await user.type(within(card).getByLabelText(/^Confirme a nova senha/), 'Mesma#Senha!1');
    await user.click(within(card).getByRole('button', { name: 'Alterar senha' }));
    expect(await within(card).findByText('A nova senha deve ser diferente da atual.')).toBeInTheDocument();
    expect(callsTo('POST /api/auth/password')).toHaveLength(0);
  });

  it('#senha puts the focus in the password card', async () => {
    stubFetch({ 'GET /api/auth/userInfo': () => json(userInfo()) });
    Element.prototype.scrollIntoView = vi.fn();
    renderScreen('/user-settings#senha');
    await waitFor(() => expect(within(passwordCard()).getByLabelText(/^Senha atual/)).toHaveFocus());
  });
  describe('two-factor changes need the current password when the login is not recent', () => {
    it('starting the activation: the modal asks it, a wrong one stays in the modal, the retry carries it', async () => {
      const user = userEvent.setup();
      const { callsTo } = stubFetch({
        'GET /api/auth/userInfo': () => json(userInfo({ twoFactorEnabled: false, recoveryCodesLeft: undefined })),
        'PATCH /api/user-settings/7': [
          () => json(REAUTHENTICATION_REQUIRED, 422),
          () => json(INVALID_CURRENT_PASSWORD, 422),
          () => json(ENROLLMENT),
        ],
      });
      renderScreen();
      await screen.findByText('Desativada');
      await user.click(within(twoFactorCard()).getByRole('button', { name: 'Ativar' }));

      const dialog = await passwordDialog();
      expect(dialog).toHaveTextContent(
        'Por segurança, confirme a sua senha para alterar a autenticação em dois fatores.',
      );
      expect(callsTo('PATCH /api/user-settings/7')[0]?.body).toEqual({ action: 'enroll' });
      const field = within(dialog).getByLabelText(/^Senha atual/);
      await waitFor(() => expect(field).toHaveFocus());

      // Empty: asked before sending.
      await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
      expect(await within(dialog).findByText('Informe a sua senha atual.')).toBeInTheDocument();
      expect(callsTo('PATCH /api/user-settings/7')).toHaveLength(1);

      // Wrong: the server's message under the field, the modal stays, the field is emptied.
      await user.type(field, 'Errada#1');
      await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
      expect(await within(dialog).findByText('Senha atual incorreta.')).toBeInTheDocument();
      expect(field).toHaveAccessibleDescription('Senha atual incorreta.');
      expect(field).toHaveValue('');
      expect(screen.getByRole('dialog', { name: 'Confirme a sua senha' })).toBeInTheDocument();
      expect(callsTo('PATCH /api/user-settings/7')[1]?.body).toEqual({ action: 'enroll', currentPassword: 'Errada#1' });

      // Right: the same call again with it, the modal closes and the QR code shows.
      await user.type(field, 'Certa#Senha!1');
      await user.keyboard('{Enter}');
      expect(await screen.findByLabelText('Chave secreta')).toBeInTheDocument();
      expect(callsTo('PATCH /api/user-settings/7')[2]?.body).toEqual({
        action: 'enroll',
        currentPassword: 'Certa#Senha!1',
      });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirme a sua senha' })).toBeNull());
      expect(notifications.show).not.toHaveBeenCalled();
    }, 20_000);

    it('turning it off: the code and the password go together in the retry', async () => {
      const user = userEvent.setup();
      const { callsTo } = stubFetch({
        'GET /api/auth/userInfo': [() => json(userInfo()), () => json(userInfo({ twoFactorEnabled: false }))],
        'PATCH /api/user-settings/7': [
          () => json(REAUTHENTICATION_REQUIRED, 422),
          () => json({ two_factor_enabled: false }),
        ],
      });
      renderScreen();
      await screen.findByText('7 códigos de recuperação restantes');
      await user.click(within(twoFactorCard()).getByRole('button', { name: 'Desativar' }));
      await user.click(within(twoFactorCard()).getAllByRole('textbox')[0]!);
      await user.paste('654321');

      const dialog = await passwordDialog();
      expect(callsTo('PATCH /api/user-settings/7')[0]?.body).toEqual({ action: 'disable', code: '654321' });
      await user.type(within(dialog).getByLabelText(/^Senha atual/), 'Certa#Senha!1');
      await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
      await waitFor(() =>
        expect(notifications.show).toHaveBeenCalledWith(
          expect.objectContaining({ title: 'Autenticação em dois fatores desativada' }),
        ),
      );
      expect(callsTo('PATCH /api/user-settings/7')).toHaveLength(2);
      expect(callsTo('PATCH /api/user-settings/7')[1]?.body).toEqual({
        action: 'disable',
        code: '654321',
        currentPassword: 'Certa#Senha!1',
      });
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirme a sua senha' })).toBeNull());
    });

    it('"Cancelar" closes the modal: nothing sent again, no error shown', async () => {
      const user = userEvent.setup();
      const { callsTo } = stubFetch({
        'GET /api/auth/userInfo': () => json(userInfo({ twoFactorEnabled: false })),
        'PATCH /api/user-settings/7': () => json(REAUTHENTICATION_REQUIRED, 422),
      });
      renderScreen();
      await screen.findByText('Desativada');
      await user.click(within(twoFactorCard()).getByRole('button', { name: 'Ativar' }));
      const dialog = await passwordDialog();
      await user.type(within(dialog).getByLabelText(/^Senha atual/), 'Nao#Enviada1');
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirme a sua senha' })).toBeNull());
      expect(callsTo('PATCH /api/user-settings/7')).toHaveLength(1);
      expect(notifications.show).not.toHaveBeenCalled();
      expect(within(twoFactorCard()).getByRole('button', { name: 'Ativar' })).toBeEnabled();
    });

    it('too many attempts (429) are said in the modal, which stays open', async () => {
      const user = userEvent.setup();
      stubFetch({
        'GET /api/auth/userInfo': () => json(userInfo({ twoFactorEnabled: false })),
        'PATCH /api/user-settings/7': [
          () => json(REAUTHENTICATION_REQUIRED, 422),
          () =>
            new Response(JSON.stringify({ code: 'rate_limited', message: 'Muitas tentativas.' }), {
              status: 429,
              headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
            }),
        ],
      });
      renderScreen();
      await screen.findByText('Desativada');
      await user.click(within(twoFactorCard()).getByRole('button', { name: 'Ativar' }));
      const dialog = await passwordDialog();
      await user.type(within(dialog).getByLabelText(/^Senha atual/), 'Certa#Senha!1');
      await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Muitas tentativas. Tente de novo em 42 s.');
      expect(screen.getByRole('dialog', { name: 'Confirme a sua senha' })).toBeInTheDocument();
    });

    it('with a recent login the server asks nothing, and no modal shows', async () => {
      const user = userEvent.setup();
      const { callsTo } = stubFetch({
        'GET /api/auth/userInfo': () => json(userInfo({ twoFactorEnabled: false })),
        'PATCH /api/user-settings/7': () => json(ENROLLMENT),
      });
      renderScreen();
      await screen.findByText('Desativada');
      await user.click(within(twoFactorCard()).getByRole('button', { name: 'Ativar' }));
      expect(await screen.findByLabelText('Chave secreta')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(callsTo('PATCH /api/user-settings/7')).toHaveLength(1);
      expect(callsTo('PATCH /api/user-settings/7')[0]?.body).toEqual({ action: 'enroll' });
    });
  });
});
