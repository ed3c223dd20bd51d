import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { auditSettings, consentSetting, retention } from '../test-data';
import { AuditScreen } from './AuditScreen';

const LABEL = 'Registrar quem abre a conversa de um atendimento de outra pessoa';

function open(path = '/audit?tab=retencao') {
  return renderRoutes([{ path: '/audit', element: <AuditScreen /> }], path);
}

function conversationReads(): Promise<HTMLElement> {
  return screen.findByRole('switch', { name: LABEL });
}

describe('AuditSettingsSection', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['users']);
  });

  it('shows what the server records, above the retention policy', async () => {
    stubFetch({
      'GET /api/audit/settings': () => json(auditSettings({ conversationReads: true })),
      'GET /api/retention': () => json(retention()),
      'GET /api/privacy/consent': () => json(consentSetting()),
    });
    open();
    const toggle = await conversationReads();
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      'Supervisores e administradores que leem conversas de outros atendentes ficam no registro (uma vez por hora por conversa). Atendimentos aguardando, sem responsável, não contam.',
    );
    const card = screen.getByRole('region', { name: 'O que registrar' });
    const policy = await screen.findByRole('heading', { name: 'Retenção dos registros' });
    expect(card.compareDocumentPosition(policy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Configurações' })).toHaveAttribute('aria-selected', 'true');
  });

  it('saves on toggle: the switch moves at once, PUT sends the setting, a notification confirms', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    const { callsTo } = stubFetch({
      'GET /api/audit/settings': () => json(auditSettings()),
      'GET /api/retention': () => json(retention()),
      'GET /api/privacy/consent': () => json(consentSetting()),
      'PUT /api/audit/settings': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    open();
    const toggle = await conversationReads();
    expect(toggle).not.toBeChecked();

    await user.click(toggle);
    // On before the server answers.
    expect(toggle).toBeChecked();
    await waitFor(() => expect(callsTo('PUT /api/audit/settings')).toHaveLength(1));
    expect(callsTo('PUT /api/audit/settings')[0]?.body).toEqual({ conversationReads: true });
    expect(notifications.show).not.toHaveBeenCalled();

    answer(json(auditSettings({ conversationReads: true })));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Configuração da auditoria salva.' }),
      ),
    );
    expect(toggle).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes back when the save fails, and says why in an alert', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/audit/settings': () => json(auditSettings({ conversationReads: true })),
      'GET /api/retention': () => json(retention()),
      'GET /api/privacy/consent': () => json(consentSetting()),
      'PUT /api/audit/settings': [
        () => json({ code: 'internal', message: 'Erro interno.' }, 500),
        () => json(auditSettings({ conversationReads: false })),
      ],
    });
    open();
    const toggle = await conversationReads();
    expect(toggle).toBeChecked();

    await user.click(toggle);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível salvar a configuração');
    expect(alert).toHaveTextContent('Erro interno.');
    expect(toggle).toBeChecked();
    expect(callsTo('PUT /api/audit/settings')[0]?.body).toEqual({ conversationReads: false });
    expect(notifications.show).not.toHaveBeenCalled();

    // Trying again clears the alert.
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Configuração da auditoria salva.' }),
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the settings cannot be loaded, and still shows the retention policy', async () => {
    stubFetch({
      'GET /api/audit/settings': () => json({ code: 'internal', message: 'Erro interno.' }, 500),
      'GET /api/retention': () => json(retention()),
      'GET /api/privacy/consent': () => json(consentSetting()),
    });
    open();
    expect(await screen.findByText('Não foi possível carregar as configurações da auditoria.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Retenção dos registros' })).toBeInTheDocument();
  });
});
