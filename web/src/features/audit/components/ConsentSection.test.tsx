import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { ConsentSetting } from '../api/schemas';
import { auditSettings, consentSetting, retention } from '../test-data';
import { AuditScreen } from './AuditScreen';

const TITLE = 'Consentimento no primeiro contato (LGPD)';
const TEXT = 'Olá! Tratamos seus dados (nome, telefone e mensagens) conforme a LGPD.';

function open() {
  return renderRoutes([{ path: '/audit', element: <AuditScreen /> }], '/audit?tab=retencao');
}

/** The settings tab's other sections, and the consent step as `consent` says. */
function routes(consent: ConsentSetting | (() => Response), extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/audit/settings': () => json(auditSettings()),
    'GET /api/retention': () => json(retention()),
    'GET /api/privacy/consent': typeof consent === 'function' ? consent : () => json(consent),
    ...extra,
  });
}

async function section(): Promise<HTMLElement> {
  const form = await screen.findByRole('form', { name: TITLE });
  return form;
}

describe('ConsentSection', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['users']);
  });

  it('shows the step off, no text, no version yet, under the retention policy', async () => {
    routes(consentSetting());
    open();
    const form = await section();
    expect(within(form).getByRole('switch', { name: 'Pedir consentimento no primeiro contato' })).not.toBeChecked();
    const text = within(form).getByRole('textbox', { name: 'Texto do consentimento' });
    expect(text).toHaveValue('');
    expect(text).toHaveAccessibleDescription('0/1500 caracteres');
    expect(within(form).getByTestId('consent-version')).toHaveTextContent('Nenhuma versão salva ainda.');
    expect(form).toHaveTextContent(
      'Mudar o texto cria uma nova versão: todos os clientes serão perguntados de novo na próxima conversa.',
    );
    expect(within(form).getByRole('button', { name: 'Salvar consentimento' })).toBeDisabled();
    const policy = await screen.findByRole('heading', { name: 'Retenção dos registros' });
    expect(policy.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('switched on with a text: sends `{enabled, text}` and shows the new version', async () => {
    const user = userEvent.setup();
    let current = consentSetting();
    const { callsTo } = routes(() => json(current), {
      'PUT /api/privacy/consent': (call) => {
        const body = call.body as { enabled: boolean; text: string };
        current = consentSetting({ ...body, version: 1, updatedAt: '2026-12-06T16:05:00Z' });
        return json(current);
      },
    });
    open();
    const form = await section();
    await user.click(within(form).getByRole('switch', { name: 'Pedir consentimento no primeiro contato' }));
    const text = within(form).getByRole('textbox', { name: 'Texto do consentimento' });
    await user.type(text, `${TEXT}  `);
    expect(text).toHaveAccessibleDescription(`${TEXT.length + 2}/1500 caracteres`);
    expect(form).toHaveTextContent('Ao salvar, o texto vira a versão 1: todos os clientes serão perguntados de novo');
    await user.click(within(form).getByRole('button', { name: 'Salvar consentimento' }));

    await waitFor(() => expect(callsTo('PUT /api/privacy/consent')).toHaveLength(1));
    expect(callsTo('PUT /api/privacy/consent')[0]?.body).toEqual({ enabled: true, text: TEXT });
    await waitFor(() => expect(within(form).getByTestId('consent-version')).toHaveTextContent('Versão 1'));
    expect(form).toHaveTextContent('Salvo em 06/12/2026, 13:05');
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Consentimento salvo: versão 1. Os clientes serão perguntados de novo.',
      }),
    );
    expect(within(form).getByRole('button', { name: 'Salvar consentimento' })).toBeDisabled();
  });

  it('switched off, the same text: saved without a new version', async () => {
    const user = userEvent.setup();
    const on = consentSetting({ enabled: true, text: TEXT, version: 3, updatedAt: '2026-12-01T12:00:00Z' });
    const { callsTo } = routes(on, {
      'PUT /api/privacy/consent': () => json({ ...on, enabled: false, updatedAt: '2026-12-06T16:05:00Z' }),
    });
    open();
    const form = await section();
    expect(within(form).getByTestId('consent-version')).toHaveTextContent('Versão 3');
    expect(within(form).getByRole('textbox', { name: 'Texto do consentimento' })).toHaveValue(TEXT);
    await user.click(within(form).getByRole('switch', { name: 'Pedir consentimento no primeiro contato' }));
    await user.click(within(form).getByRole('button', { name: 'Salvar consentimento' }));
    await waitFor(() => expect(callsTo('PUT /api/privacy/consent')[0]?.body).toEqual({ enabled: false, text: TEXT }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Consentimento salvo.' })),
    );
    expect(within(form).getByTestId('consent-version')).toHaveTextContent('Versão 3');
  });

  it('on without a text is refused under the field, before asking the server', async () => {
    const user = userEvent.setup();
    const { callsTo } = routes(consentSetting());
    open();
    const form = await section();
    await user.click(within(form).getByRole('switch', { name: 'Pedir consentimento no primeiro contato' }));
    await user.click(within(form).getByRole('button', { name: 'Salvar consentimento' }));
    const text = within(form).getByRole('textbox', { name: 'Texto do consentimento' });
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription(
      expect.stringContaining('Escreva o texto do consentimento para ligar a etapa.'),
    );
    expect(text).toHaveFocus();
    expect(callsTo('PUT /api/privacy/consent')).toHaveLength(0);
  });

  it("the server's refusal goes under the text; any other in an alert", async () => {
    const user = userEvent.setup();
    routes(consentSetting(), {
      'PUT /api/privacy/consent': [
        () =>
          json(
            {
              code: 'invalid_consent',
              message: 'O texto tem no máximo 1500 caracteres.',
              errors: [{ field: 'text', message: 'O texto tem no máximo 1500 caracteres.' }],
            },
            422,
          ),
        () => json({ code: 'internal', message: 'Erro interno.' }, 500),
      ],
    });
    open();
    const form = await section();
    const text = within(form).getByRole('textbox', { name: 'Texto do consentimento' });
    await user.type(text, TEXT);
    await user.click(within(form).getByRole('button', { name: 'Salvar consentimento' }));
    await waitFor(() => expect(text).toHaveAttribute('aria-invalid', 'true'));
    expect(text).toHaveAccessibleDescription(expect.stringContaining('O texto tem no máximo 1500 caracteres.'));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Salvar consentimento' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Erro interno.');
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('says when the step cannot be loaded', async () => {
    routes(() => json({ code: 'internal', message: 'Erro interno.' }, 500));
    open();
    expect(await screen.findByText('Não foi possível carregar o consentimento.')).toBeInTheDocument();
  });
});
