import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { auditSettings, consentSetting, retention } from '../test-data';
import { AuditScreen } from './AuditScreen';

function open(path = '/audit?tab=retencao') {
  return renderRoutes([{ path: '/audit', element: <AuditScreen /> }], path);
}

/** The settings card above the policy ("O que registrar") and the consent step under it, as the server starts them. */
const SETTINGS = {
  'GET /api/audit/settings': () => json(auditSettings()),
  'GET /api/privacy/consent': () => json(consentSetting()),
};

/** A kind's row, named by its title. */
function kind(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

describe('RetentionSection', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['users']);
  });

  it('opens from the "Configurações" tab, which the URL keeps as `tab=retencao`', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      ...SETTINGS,
      'GET /api/audit/filters': () => json({ actions: [], actors: [] }),
      'GET /api/audit': () => json({ data: [], nextCursor: null }),
      'GET /api/retention': () => json(retention()),
    });
    const { router } = open('/audit?action=users_create');
    expect(await screen.findByText('Nenhum registro para estes filtros.')).toBeInTheDocument();
    expect(callsTo('GET /api/retention')).toHaveLength(0);
    await user.click(screen.getByRole('tab', { name: 'Configurações' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=users_create&tab=retencao'));
    expect(await screen.findByRole('heading', { name: 'Retenção dos registros' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Registro' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=users_create'));
  });

  it('shows each kind in order: a number of days, or "Guardar para sempre"', async () => {
    stubFetch({ ...SETTINGS, 'GET /api/retention': () => json(retention()) });
    open();
    await screen.findByRole('heading', { name: 'Retenção dos registros' });
    expect(screen.getAllByTestId('retention-kind').map((row) => row.dataset.field)).toEqual([
      'loginFailuresDays',
      'webhookDeliveriesDays',
      'auditLogDays',
      'messagesDays',
      'mediaDays',
    ]);

    const logins = kind('Falhas de login');
    expect(within(logins).getByRole('switch', { name: 'Guardar para sempre' })).not.toBeChecked();
    const days = within(logins).getByRole('textbox', { name: 'Dias' });
    expect(days).toHaveValue('90');
    expect(days).toHaveAccessibleDescription('Mínimo de 30 dias');

    for (const name of ['Entregas de webhook', 'Registros de auditoria', 'Conteúdo de mensagens']) {
      expect(within(kind(name)).getByRole('switch', { name: 'Guardar para sempre' })).toBeChecked();
      expect(within(kind(name)).queryByRole('textbox', { name: 'Dias' })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  it('saves the policy: null for "para sempre", the minimum when the switch is turned off', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      ...SETTINGS,
      'GET /api/retention': () => json(retention()),
      'PUT /api/retention': (call) => json(retention({ policy: call.body as ReturnType<typeof retention>['policy'] })),
    });
    open();
    await screen.findByRole('heading', { name: 'Retenção dos registros' });

    const audit = kind('Registros de auditoria');
    await user.click(within(audit).getByRole('switch', { name: 'Guardar para sempre' }));
    const days = within(audit).getByRole('textbox', { name: 'Dias' });
    expect(days).toHaveValue('180');
    expect(days).toHaveAccessibleDescription('Mínimo de 180 dias (Marco Civil da Internet, art. 15)');
    await user.clear(days);
    await user.type(days, '365');
    // Login failures kept forever from now on.
    await user.click(within(kind('Falhas de login')).getByRole('switch', { name: 'Guardar para sempre' }));

    const save = screen.getByRole('button', { name: 'Salvar' });
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(callsTo('PUT /api/retention')).toHaveLength(1));
    expect(callsTo('PUT /api/retention')[0]?.body).toEqual({
      loginFailuresDays: null,
      webhookDeliveriesDays: null,
      auditLogDays: 365,
      messagesDays: null,
      mediaDays: null,
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Política de retenção salva.' }),
      ),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled());
    expect(within(kind('Registros de auditoria')).getByRole('textbox', { name: 'Dias' })).toHaveValue('365');
  });

  it('shows the server’s refusal under the field it names, and other errors in an alert', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...SETTINGS,
      'GET /api/retention': () => json(retention()),
      'PUT /api/retention': [
        () =>
          json(
            {
              code: 'invalid_retention',
              message: 'Política de retenção inválida.',
              errors: [{ field: 'auditLogDays', message: 'Escolha de 180 a 3650 dias, ou guarde para sempre.' }],
            },
            422,
          ),
        () => json({ code: 'internal', message: 'Erro interno.' }, 500),
      ],
    });
    open();
    await screen.findByRole('heading', { name: 'Retenção dos registros' });
    const audit = kind('Registros de auditoria');
    await user.click(within(audit).getByRole('switch', { name: 'Guardar para sempre' }));
    const days = within(audit).getByRole('textbox', { name: 'Dias' });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() =>
      expect(days).toHaveAccessibleDescription(
        expect.stringContaining('Escolha de 180 a 3650 dias, ou guarde para sempre.') as string,
      ),
    );
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(within(kind('Falhas de login')).getByRole('textbox', { name: 'Dias' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro interno.');
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('tells the last clean-up, or that it has not run yet', async () => {
    stubFetch({
      ...SETTINGS,
      'GET /api/retention': [
        () => json(retention()),
        () =>
          json(
            retention({
              lastRun: {
                at: '2026-12-06T07:10:00Z',
                removed: [
                  { label: 'falhas de login', rows: 1234 },
                  { label: 'entregas de webhook', rows: 0 },
                  { label: 'registros de auditoria', rows: 0 },
                ],
              },
            }),
          ),
      ],
    });
    const first = open();
    expect(await screen.findByText('A limpeza ainda não rodou.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Última limpeza' })).toBeInTheDocument();
    first.unmount();

    open();
    expect(await screen.findByTestId('retention-last-run')).toHaveTextContent(
      '06/12/2026 04:10 — removidos: 1.234 falhas de login, 0 entregas de webhook, 0 registros de auditoria',
    );
  });
});
