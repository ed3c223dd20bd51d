import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { apiToken, OPTIONS, SECRET } from '../test-data';
import { ApiTokensScreen } from './ApiTokensScreen';

function open() {
  return renderRoutes([{ path: '/api-tokens', element: <ApiTokensScreen /> }], '/api-tokens');
}

/** The desktop table's rows (the phone's cards render too in jsdom: CSS picks one). */
async function rows(): Promise<HTMLElement[]> {
  return screen.findAllByTestId('api-token-row');
}

function rowOf(name: string): HTMLElement {
  const found = screen.getAllByTestId('api-token-row').find((row) => within(row).queryByText(name));
  if (!found) throw new Error(`no row ${name}`);
  return found;
}

describe('ApiTokensScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['users']);
  });

  it('lists the tokens: prefix, perfil, instances, validity, last use, status and creator', async () => {
    stubFetch({
      'GET /api/users/options': () => json(OPTIONS),
      'GET /api/tokens': () =>
        json([
          apiToken(),
          apiToken({
            id: 4,
            name: 'Loja virtual',
            prefix: 'bo_Qw8rT5',
            roleId: 1,
            roleName: 'administrador',
            instanceIds: [7, 8],
            departmentId: 3,
            expiresAt: null,
            lastUsedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
            lastUsedIp: '203.0.113.9',
          }),
          apiToken({
            id: 3,
            name: 'Make antigo',
            prefix: 'bo_Ex1pRd',
            status: 'expired',
            expiresAt: '2026-10-01T12:00:00Z',
          }),
          apiToken({ id: 2, name: 'n8n', prefix: 'bo_Rv0kEd', status: 'revoked', revokedAt: '2026-11-24T12:00:00Z' }),
        ]),
    });
    open();
    expect(await rows()).toHaveLength(4);
    const erp = rowOf('ERP Bling');
    expect(within(erp).getByText('bo_Ab3dE9…')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('ERP Bling')).getByText('Atendente')).toBeInTheDocument());
    expect(erp).toHaveTextContent('Todas');
    expect(erp).toHaveTextContent('23/02/2027');
    expect(within(erp).getByText('Nunca usado')).toBeInTheDocument();
    expect(within(erp).getByText('Ativo')).toBeInTheDocument();
    expect(erp).toHaveTextContent('Ana Souza');
    expect(within(erp).getByRole('button', { name: 'Revogar ERP Bling' })).toBeInTheDocument();

    const store = rowOf('Loja virtual');
    expect(store).toHaveTextContent('Administrador');
    expect(store).toHaveTextContent('WhatsApp Loja, WhatsApp Centro');
    expect(store).toHaveTextContent('Departamento: Vendas');
    expect(store).toHaveTextContent('Não expira');
    expect(store).toHaveTextContent('há 5 min.');
    expect(store).toHaveTextContent('203.0.113.9');

    const expired = rowOf('Make antigo');
    expect(within(expired).getAllByText('Expirado')).toHaveLength(2);
    expect(expired).toHaveTextContent('01/10/2026');

    const revoked = rowOf('n8n');
    expect(within(revoked).getByText('Revogado')).toBeInTheDocument();
    expect(revoked).toHaveTextContent('em 24/11/2026');
    expect(within(revoked).queryByRole('button', { name: /Revogar/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 de 4 tokens ativos')).toBeInTheDocument();
    // What a token is, on the screen.
    expect(screen.getByText(/não ocupa licença do plano/)).toBeInTheDocument();
    expect(screen.getByText(/600 requisições por minuto/)).toBeInTheDocument();
  });

  it('says when there is no token yet, with "Novo token"', async () => {
    stubFetch({ 'GET /api/users/options': () => json(OPTIONS), 'GET /api/tokens': () => json([]) });
    open();
    expect(await screen.findByText('Nenhum token de API')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo token' })).toBeInTheDocument();
    expect(screen.queryByTestId('api-token-row')).not.toBeInTheDocument();
  });

  it('creates a token and shows its secret once, with a warning, a copy button and a curl example', async () => {
    const user = userEvent.setup();
    let created = false;
    const { callsTo } = stubFetch({
      'GET /api/users/options': () => json(OPTIONS),
      'GET /api/tokens': () => json(created ? [apiToken({ instanceIds: [7], departmentId: 3 })] : []),
      'POST /api/tokens': () => {
        created = true;
        return json({ ...apiToken({ instanceIds: [7], departmentId: 3 }), token: SECRET }, 201);
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Novo token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo token' });
    // Nothing sent without a name and a perfil.
    await user.click(within(dialog).getByRole('button', { name: 'Criar token' }));
    expect(await within(dialog).findByText(/Dê um nome ao token/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Escolha o perfil/)).toBeInTheDocument();
    expect(callsTo('POST /api/tokens')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'ERP Bling');
    await user.click(within(dialog).getByRole('combobox', { name: /^Perfil/ }));
    await user.click(await screen.findByRole('option', { name: 'Atendente' }));
    // The department waits for an instance.
    expect(within(dialog).getByRole('combobox', { name: /^Departamento/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /^Instâncias/ }));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Loja' }));
    const department = within(dialog).getByRole('combobox', { name: /^Departamento/ });
    expect(department).toBeEnabled();
    await user.click(department);
    await user.click(await screen.findByRole('option', { name: 'Vendas' }));
    // "90 dias" comes chosen.
    expect(within(dialog).getByRole('radio', { name: '90 dias' })).toBeChecked();
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Criar token' }));

    const shown = await screen.findByRole('dialog', { name: 'Token criado' });
    const body = callsTo('POST /api/tokens')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'ERP Bling', roleId: 2, instanceIds: [7], departmentId: 3 });
    const days = (Date.parse(String(body.expiresAt)) - before) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    expect(within(shown).getByText('Copie agora: por segurança ele não será mostrado de novo.')).toBeInTheDocument();
    expect(shown).toHaveTextContent('configuração da integração “ERP Bling”');
    expect(within(shown).getByRole('textbox', { name: 'Token' })).toHaveValue(SECRET);
    expect(within(shown).getByRole('textbox', { name: 'Token' })).toHaveAttribute('readonly');
    expect(within(shown).getByRole('button', { name: 'Copiar token' })).toBeInTheDocument();
    expect(shown).toHaveTextContent(
      `curl -H "Authorization: Bearer ${SECRET}" "https://${window.location.host}/api/tickets?status=pending"`,
    );

    await user.click(within(shown).getByRole('button', { name: 'Já copiei o token' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await rows()).toHaveLength(1);
    expect(rowOf('ERP Bling')).toHaveTextContent('WhatsApp Loja');
    // Once: nowhere on the screen any more, and a new dialog starts from an empty form.
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
    await user.click(screen.getByRole('button', { name: 'Novo token' }));
    const again = await screen.findByRole('dialog', { name: 'Novo token' });
    expect(within(again).getByRole('textbox', { name: /^Nome/ })).toHaveValue('');
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('sends no expiry for "Não expira", and clears the department when the instances go', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/users/options': () => json(OPTIONS),
      'GET /api/tokens': () => json([]),
      'POST /api/tokens': () => json({ ...apiToken({ expiresAt: null }), token: SECRET }, 201),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Novo token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo token' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'n8n');
    await user.click(within(dialog).getByRole('combobox', { name: /^Perfil/ }));
    await user.click(await screen.findByRole('option', { name: 'Administrador' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Instâncias/ }));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Loja' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Departamento/ }));
    await user.click(await screen.findByRole('option', { name: 'Suporte' }));
    // Choosing the instance again takes it out.
    await user.click(within(dialog).getByRole('combobox', { name: /^Instâncias/ }));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Loja' }));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Departamento/ })).toBeDisabled());
    await user.click(within(dialog).getByText('Não expira'));
    await user.click(within(dialog).getByRole('button', { name: 'Criar token' }));
    await screen.findByRole('dialog', { name: 'Token criado' });
    expect(callsTo('POST /api/tokens')[0]?.body).toEqual({
      name: 'n8n',
      roleId: 1,
      instanceIds: [],
      departmentId: null,
    });
  });

  it('puts the server’s field errors under their fields, and the rest above the form', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/users/options': () => json(OPTIONS),
      'GET /api/tokens': () => json([apiToken()]),
      'POST /api/tokens': () =>
        json(
          {
            code: 'invalid_api_token',
            message: 'Dê um nome ao token (até 80 caracteres).',
            errors: [
              { field: 'name', message: 'Dê um nome ao token (até 80 caracteres).' },
              { field: 'roleId', message: 'O perfil escolhido não existe.' },
              { field: 'instanceIds', message: 'Uma ou mais instâncias escolhidas não existem.' },
              { field: 'departmentId', message: 'O departamento escolhido não existe.' },
              { field: 'expiresAt', message: 'A validade vai de agora até dois anos à frente.' },
              { field: 'other', message: 'Algo mais deu errado.' },
            ],
          },
          422,
        ),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Novo token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo token' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'ERP');
    await user.click(within(dialog).getByRole('combobox', { name: /^Perfil/ }));
    await user.click(await screen.findByRole('option', { name: 'Atendente' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Instâncias/ }));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Loja' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Departamento/ }));
    await user.click(await screen.findByRole('option', { name: 'Vendas' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar token' }));

    await waitFor(() => expect(callsTo('POST /api/tokens')).toHaveLength(1));
    const name = within(dialog).getByRole('textbox', { name: /^Nome/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(expect.stringContaining('até 80 caracteres'));
    expect(within(dialog).getByRole('combobox', { name: /^Perfil/ })).toHaveAccessibleDescription(
      expect.stringContaining('O perfil escolhido não existe.'),
    );
    expect(within(dialog).getByRole('combobox', { name: /^Instâncias/ })).toHaveAccessibleDescription(
      expect.stringContaining('Uma ou mais instâncias escolhidas não existem.'),
    );
    expect(within(dialog).getByRole('combobox', { name: /^Departamento/ })).toHaveAccessibleDescription(
      expect.stringContaining('O departamento escolhido não existe.'),
    );
    const validity = within(dialog).getByText('A validade vai de agora até dois anos à frente.');
    expect(validity.closest('.mantine-InputWrapper-root')).toHaveTextContent(/^Validade/);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Algo mais deu errado.');
    // Still the form: nothing was created.
    expect(screen.queryByRole('dialog', { name: 'Token criado' })).not.toBeInTheDocument();
  });

  it('revokes a token after a confirmation naming it', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/users/options': () => json(OPTIONS),
      'GET /api/tokens': [
        () => json([apiToken()]),
        () => json([apiToken({ status: 'revoked', revokedAt: '2026-11-25T16:00:00Z' })]),
      ],
      'DELETE /api/tokens/5': () => json(apiToken({ status: 'revoked', revokedAt: '2026-11-25T16:00:00Z' })),
    });
    open();
    await rows();
    await user.click(within(rowOf('ERP Bling')).getByRole('button', { name: 'Revogar ERP Bling' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revogar token' });
    expect(confirm).toHaveTextContent('Revogar o token “ERP Bling” (bo_Ab3dE9…)?');
    expect(confirm).toHaveTextContent('As integrações que o usam param na hora');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE /api/tokens/5')).toHaveLength(0);

    await user.click(within(rowOf('ERP Bling')).getByRole('button', { name: 'Revogar ERP Bling' }));
    confirm = await screen.findByRole('dialog', { name: 'Revogar token' });
    await user.click(within(confirm).getByRole('button', { name: 'Revogar' }));
    await waitFor(() => expect(callsTo('DELETE /api/tokens/5')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(rowOf('ERP Bling')).getByText('Revogado')).toBeInTheDocument());
    expect(within(rowOf('ERP Bling')).queryByRole('button', { name: /Revogar/ })).not.toBeInTheDocument();
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Token revogado' }));
  });

  it('says when the list cannot be loaded', async () => {
    stubFetch({
      'GET /api/users/options': () => json(OPTIONS),
      'GET /api/tokens': () => json({ code: 'internal', message: 'Erro interno.' }, 500),
    });
    open();
    expect(await screen.findByText('Não foi possível carregar os tokens.')).toBeInTheDocument();
    expect(screen.getByText('Erro interno.')).toBeInTheDocument();
  });
});
