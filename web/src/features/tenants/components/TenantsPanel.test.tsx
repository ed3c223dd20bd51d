import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { Tenant } from '../api/get-tenants';
import { TenantsPanel } from './TenantsPanel';

const FEATURES = ['campaigns', 'chatbot', 'analytics', 'reports', 'two_factor', 'webhooks'];
const LABELS: Record<string, string> = {
  campaigns: 'Campanhas',
  chatbot: 'Chatbot',
  analytics: 'Analytics',
  reports: 'Relatórios',
  two_factor: 'Autenticação em dois fatores',
  webhooks: 'Webhooks de status de campanha',
};

/** GET /api/tenant/plans as the server answers it. */
const PLANS = {
  plans: [
    {
      code: 'basic',
      name: 'Básico',
      user_limit: 5,
      ticket_limit: 1000,
      media_limit_mb: 2048,
      features: ['chatbot', 'reports'],
    },
    {
      code: 'pro',
      name: 'Profissional',
      user_limit: 25,
      ticket_limit: 10000,
      media_limit_mb: 10240,
      features: ['campaigns', 'chatbot', 'analytics', 'reports', 'two_factor'],
    },
    {
      code: 'enterprise',
      name: 'Enterprise',
      user_limit: 0,
      ticket_limit: 0,
      media_limit_mb: 0,
      features: FEATURES,
    },
  ],
  features: FEATURES.map((option) => ({ option, label: LABELS[option] })),
};
const CATALOGUE = { 'GET /api/tenant/plans': () => json(PLANS) };

function tenant(id: number, name: string, extra: Partial<Tenant> = {}): Tenant {
  return {
    id,
    name,
    cnpj: null,
    features: FEATURES.map((option) => ({ option, enabled: option === 'chatbot' })),
    template: 'default',
    pool: 'default',
    userLimit: 5,
    plan: 'basic',
    ticketLimit: 1000,
    mediaLimitMb: 2048,
    deleted_at: null,
    created_at: '2026-11-21T12:00:00Z',
    ...extra,
  };
}

function page(
  tenants: Tenant[],
  pagination: Partial<{ page: number; limit: number; total: number; pages: number }> = {},
) {
  return { data: tenants, pagination: { page: 1, limit: 4, total: tenants.length, pages: 1, ...pagination } };
}

const acme = tenant(2, 'acme', {
  plan: 'pro',
  userLimit: 25,
  ticketLimit: 10000,
  mediaLimitMb: 10240,
  cnpj: '11.222.333/0001-81',
});
const globex = tenant(3, 'globex');
const gone = tenant(4, 'initech', { deleted_at: '2026-11-20T10:00:00Z' });

describe('TenantsPanel', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['tenants']);
  });

  // docs/contracts.md#constants
  it('asks for page 1, 4 per page, sorted by id descending, active tenants only', async () => {
    const { callsTo } = stubFetch({
      ...CATALOGUE,
      'POST /api/tenant/paginated': () => json(page([globex, acme], { total: 9, pages: 3 })),
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const row = await screen.findByTestId('tenant-row-acme');
    expect(within(row).getByText('Profissional')).toBeInTheDocument();
    expect(within(row).getByText('10.000')).toBeInTheDocument();
    // The media limit (MB) in words.
    expect(within(row).getByText('10 GB')).toBeInTheDocument();
    expect(within(screen.getByTestId('tenant-row-globex')).getByText('2 GB')).toBeInTheDocument();
    expect(within(row).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(callsTo('POST /api/tenant/paginated')[0]?.body).toEqual({
      filter_users: 'active',
      pagination_page: 1,
      pagination_limit: 4,
      search: null,
      sort_name: 'id',
      sort_type: 'desc',
    });
    expect(screen.getByText('1–4 de 9 tenants')).toBeInTheDocument();
  });

  it('moves through pages and shows deleted tenants with a restore action', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      ...CATALOGUE,
      'POST /api/tenant/paginated': (call: RecordedCall) => {
        const body = call.body as { filter_users: string; pagination_page: number };
        if (body.filter_users === 'deleted') return json(page([gone]));
        return json(
          page(body.pagination_page === 1 ? [globex, acme] : [tenant(1, 'backoffice')], {
            total: 5,
            pages: 2,
            page: body.pagination_page,
          }),
        );
      },
      'POST /api/tenant/restore': () => json({ ...gone, deleted_at: null }),
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    await screen.findByTestId('tenant-row-acme');
    await user.click(screen.getByRole('button', { name: '2' }));
    await screen.findByTestId('tenant-row-backoffice');
    expect(callsTo('POST /api/tenant/paginated').at(-1)?.body).toMatchObject({ pagination_page: 2 });

    await user.click(screen.getByText('Excluídos'));
    const row = await screen.findByTestId('tenant-row-initech');
    expect(callsTo('POST /api/tenant/paginated').at(-1)?.body).toMatchObject({
      filter_users: 'deleted',
      pagination_page: 1,
    });
    expect(within(row).getByText('Excluído')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Ações do tenant initech' }));
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Restaurar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Restaurar tenant' })).getByRole('button', {
        name: 'Restaurar',
      }),
    );
    await waitFor(() => expect(callsTo('POST /api/tenant/restore')[0]?.body).toEqual({ id: 4 }));
  });

  it('saves only the changed features, one call per feature, all sent before any answers', async () => {
    const user = userEvent.setup();
    const pending: Array<() => void> = [];
    const { callsTo } = stubFetch({
      ...CATALOGUE,
      'POST /api/tenant/paginated': () => json(page([acme])),
      'GET /api/tenant/feature': () =>
        json(
          FEATURES.map((option) => ({
            option,
            enabled: option === 'chatbot',
            label: option === 'campaigns' ? 'Campanhas' : option,
          })),
        ),
      'POST /api/tenant/feature': (call: RecordedCall) =>
        new Promise<Response>((resolve) => {
          const body = call.body as { option: string; enabled: boolean; tenantName: string };
          pending.push(() => resolve(json(body)));
        }),
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const row = await screen.findByTestId('tenant-row-acme');
    await user.click(within(row).getByRole('button', { name: 'Ações do tenant acme' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Opções' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opções: acme' });
    await user.click(await within(dialog).findByRole('switch', { name: /Campanhas/ }));
    await user.click(within(dialog).getByRole('switch', { name: /chatbot/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    // Both calls are out before either one is answered: parallel, not one after the other.
    await waitFor(() => expect(callsTo('POST /api/tenant/feature')).toHaveLength(2));
    expect(callsTo('POST /api/tenant/feature').map((call) => call.body)).toEqual([
      { option: 'campaigns', enabled: true, tenantName: 'acme' },
      { option: 'chatbot', enabled: false, tenantName: 'acme' },
    ]);
    pending.forEach((resolve) => resolve());
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Opções salvas' })),
    );
  });

  it('names the features a partial save could not change', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...CATALOGUE,
      'POST /api/tenant/paginated': () => json(page([acme])),
      'GET /api/tenant/feature': () =>
        json(FEATURES.map((option) => ({ option, enabled: false, label: LABELS[option] }))),
      'POST /api/tenant/feature': (call: RecordedCall) => {
        const body = call.body as { option: string };
        return body.option === 'webhooks'
          ? json({ code: 'invalid', message: 'Opção desconhecida.' }, 422)
          : json({ ...(call.body as object) });
      },
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const row = await screen.findByTestId('tenant-row-acme');
    await user.click(within(row).getByRole('button', { name: 'Ações do tenant acme' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Opções' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opções: acme' });
    await user.click(await within(dialog).findByRole('switch', { name: /^Relatórios/ }));
    await user.click(within(dialog).getByRole('switch', { name: /^Webhooks/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Webhooks de status de campanha: Opção desconhecida.')).toBeInTheDocument();
    // Once, in the dialog: not repeated in a toast.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('1 de 2 alterações salvas');
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('sets the plan and limits; an emptied limit takes the plan default (null)', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      ...CATALOGUE,
      'POST /api/tenant/paginated': () => json(page([acme])),
      'POST /api/tenant/set-plan': () => json({ ...acme, plan: 'enterprise' }),
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const row = await screen.findByTestId('tenant-row-acme');
    await user.click(within(row).getByRole('button', { name: 'Ações do tenant acme' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Plano e limites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plano e limites: acme' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Plano' }));
    await user.click(await screen.findByRole('option', { name: 'Enterprise' }));
    await user.clear(within(dialog).getByRole('textbox', { name: /Limite de usuários/ }));
    const tickets = within(dialog).getByRole('textbox', { name: /Tickets por mês/ });
    await user.clear(tickets);
    await user.type(tickets, '0');
    const media = within(dialog).getByRole('textbox', { name: /Limite de mídia \(MB\)/ });
    await user.type(media, '5120');
    expect(media).toHaveValue('5.120');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('POST /api/tenant/set-plan')).toHaveLength(1));
    expect(callsTo('POST /api/tenant/set-plan')[0]?.body).toEqual({
      id: 2,
      plan: 'enterprise',
      user: null,
      ticket: 0,
      media: 5120,
    });
  }, 15_000);

  // The bug: Pro → Enterprise kept Pro's 10.000 tickets a month as an explicit limit.
  it("changing the plan sends no stale limits: the old plan's limits become the new plan's", async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      ...CATALOGUE,
      'POST /api/tenant/paginated': () => json(page([acme])),
      'POST /api/tenant/set-plan': () =>
        json({ ...acme, plan: 'enterprise', userLimit: 0, ticketLimit: 0, mediaLimitMb: 0 }),
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const row = await screen.findByTestId('tenant-row-acme');
    await user.click(within(row).getByRole('button', { name: 'Ações do tenant acme' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Plano e limites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plano e limites: acme' });
    // acme's limits are Pro's own: shown as "the plan's" (empty), not as numbers to keep.
    expect(within(dialog).getByRole('textbox', { name: /Limite de usuários/ })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: /Tickets por mês/ })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: /Limite de mídia/ })).toHaveValue('');
    expect(within(dialog).getByText('Vazio: o do plano (10 GB); 0: ilimitado')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Plano' }));
    await user.click(await screen.findByRole('option', { name: 'Enterprise' }));
    expect(within(dialog).getByText(/os limites vazios passam a ser os do plano Enterprise/)).toBeInTheDocument();
    // The three limits now name Enterprise's (unlimited) under their fields.
    expect(within(dialog).getAllByText('Vazio: o do plano (ilimitado); 0: ilimitado')).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('POST /api/tenant/set-plan')).toHaveLength(1));
    expect(callsTo('POST /api/tenant/set-plan')[0]?.body).toEqual({
      id: 2,
      plan: 'enterprise',
      user: null,
      ticket: null,
      media: null,
    });
  }, 15_000);

  it('a limit of its own is cleared by a plan change, unless typed in the dialog', async () => {
    const user = userEvent.setup();
    const custom = tenant(5, 'hooli', { plan: 'basic', userLimit: 8, ticketLimit: 1000, mediaLimitMb: 4096 });
    const { callsTo } = stubFetch({
      ...CATALOGUE,
      'POST /api/tenant/paginated': () => json(page([custom])),
      'POST /api/tenant/set-plan': () => json({ ...custom, plan: 'pro' }),
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const row = await screen.findByTestId('tenant-row-hooli');
    await user.click(within(row).getByRole('button', { name: 'Ações do tenant hooli' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Plano e limites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plano e limites: hooli' });
    const users = within(dialog).getByRole('textbox', { name: /Limite de usuários/ });
    const tickets = within(dialog).getByRole('textbox', { name: /Tickets por mês/ });
    const media = within(dialog).getByRole('textbox', { name: /Limite de mídia/ });
    // Its own user and media limits (8 and 4.096 MB; Básico's are 5 and 2 GB) show as numbers; the
    // ticket limit is Básico's.
    expect(users).toHaveValue('8');
    expect(media).toHaveValue('4.096');
    expect(tickets).toHaveValue('');
    // Typed here before choosing the plan: kept.
    await user.type(tickets, '2000');
    await user.click(within(dialog).getByRole('combobox', { name: 'Plano' }));
    await user.click(await screen.findByRole('option', { name: 'Profissional' }));
    expect(users).toHaveValue('');
    expect(media).toHaveValue('');
    expect(tickets).toHaveValue('2.000');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('POST /api/tenant/set-plan')).toHaveLength(1));
    expect(callsTo('POST /api/tenant/set-plan')[0]?.body).toEqual({
      id: 5,
      plan: 'pro',
      user: null,
      ticket: 2000,
      media: null,
    });
  }, 15_000);

  it('masks the CNPJ while typing and shows each error once, in the form (no toast)', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      ...CATALOGUE,
      'POST /api/tenant/paginated': () => json(page([acme])),
      'POST /api/tenant': [
        () =>
          json(
            {
              code: 'invalid_pool',
              message: 'Pool desconhecido.',
              errors: [{ field: 'pool', message: 'Pool desconhecido.' }],
            },
            422,
          ),
        (call: RecordedCall) => json(tenant(9, (call.body as { name: string }).name), 201),
      ],
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    await screen.findByTestId('tenant-row-acme');
    await user.click(screen.getByRole('button', { name: 'Novo tenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo tenant' });
    await user.type(await within(dialog).findByRole('textbox', { name: /^Nome/ }), 'globex');
    const cnpj = within(dialog).getByRole('textbox', { name: 'CNPJ' });
    await user.type(cnpj, '112223330001');
    expect(cnpj).toHaveValue('11.222.333/0001');
    await user.type(cnpj, '82');
    expect(cnpj).toHaveValue('11.222.333/0001-82');
    await user.click(within(dialog).getByRole('button', { name: 'Criar tenant' }));
    // Checked before sending, said under the field, and the field gets the focus.
    const wrong = await within(dialog).findByText('CNPJ inválido: dígitos verificadores não conferem.');
    expect(within(dialog).getAllByText('CNPJ inválido: dígitos verificadores não conferem.')).toHaveLength(1);
    expect(cnpj).toHaveAttribute('aria-invalid', 'true');
    expect(cnpj.getAttribute('aria-describedby')).toContain(wrong.id);
    await waitFor(() => expect(cnpj).toHaveFocus());
    expect(callsTo('POST /api/tenant')).toHaveLength(0);

    await user.type(cnpj, '{Backspace}1');
    expect(cnpj).toHaveValue('11.222.333/0001-81');
    await user.click(within(dialog).getByRole('button', { name: 'Criar tenant' }));
    // The server's field error: under its field, once; no toast.
    await within(dialog).findByText('Pool desconhecido.');
    expect(within(dialog).getAllByText('Pool desconhecido.')).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(notifications.show).not.toHaveBeenCalled();
    // An empty media limit is the plan's (null), as the other limits.
    expect(callsTo('POST /api/tenant')[0]?.body).toMatchObject({
      name: 'globex',
      cnpj: '11.222.333/0001-81',
      mediaLimitMb: null,
    });
  }, 20_000);

  it('creates a tenant, showing the server field error next to the name', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      ...CATALOGUE,
      'POST /api/tenant/paginated': () => json(page([acme])),
      'POST /api/tenant': [
        () =>
          json(
            {
              code: 'tenant_exists',
              message: 'Já existe um tenant chamado "acme".',
              errors: [{ field: 'name', message: 'Já existe um tenant chamado "acme".' }],
            },
            409,
          ),
        (call: RecordedCall) => json(tenant(9, (call.body as { name: string }).name), 201),
      ],
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    await screen.findByTestId('tenant-row-acme');
    await user.click(screen.getByRole('button', { name: 'Novo tenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo tenant' });
    const name = await within(dialog).findByRole('textbox', { name: /^Nome/ });
    expect(within(dialog).getByText('Vazio: o do plano (1.000); 0: ilimitado')).toBeInTheDocument();
    expect(within(dialog).getByText('Vazio: o do plano (2 GB); 0: ilimitado')).toBeInTheDocument();
    await user.type(name, 'Acme!');
    await user.click(within(dialog).getByRole('button', { name: 'Criar tenant' }));
    expect(await within(dialog).findByText(/Use de 2 a 63 letras minúsculas/)).toBeInTheDocument();
    expect(callsTo('POST /api/tenant')).toHaveLength(0);
    await user.clear(name);
    await user.type(name, 'acme');
    await user.click(within(dialog).getByRole('button', { name: 'Criar tenant' }));
    expect(await within(dialog).findByText('Já existe um tenant chamado "acme".')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'globex');
    // The plan's options are named, and choosing starts from them (basic: chatbot, reports).
    expect(within(dialog).getByText('Desligado: valem as opções do plano (Chatbot, Relatórios).')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: /Escolher as opções agora/ }));
    expect(within(dialog).getByRole('checkbox', { name: 'Chatbot' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Campanhas' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Relatórios' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Limite de mídia \(MB\)/ }), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Criar tenant' }));
    await waitFor(() => expect(callsTo('POST /api/tenant')).toHaveLength(2));
    expect(callsTo('POST /api/tenant')[1]?.body).toEqual({
      name: 'globex',
      cnpj: null,
      plan: 'basic',
      template: 'default',
      pool: 'default',
      userLimit: null,
      ticketLimit: null,
      mediaLimitMb: 500,
      features: FEATURES.map((option) => ({ option, enabled: option === 'campaigns' || option === 'chatbot' })),
    });
  }, 20_000);

  // docs/auth.md#guessing-limits: operators unblock a user of any tenant by email.
  it("unblocks a tenant's user by email; an unknown email gets the server's message under the field", async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      ...CATALOGUE,
      'POST /api/tenant/paginated': () => json(page([globex, acme])),
      'POST /api/tenant/unblock-user': [
        () => json({ code: 'user_not_found', message: 'Usuário não encontrado nesta empresa.', errors: [] }, 404),
        () =>
          json({
            id: 12,
            name: 'Ana Lima',
            username: 'ana',
            email: 'ana@acme.example',
            image: null,
            role: { id: 2, name: 'atendente', display_name: 'Atendente' },
            blocked: false,
            twoFactorEnabled: false,
          }),
      ],
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const row = await screen.findByTestId('tenant-row-acme');
    await user.click(within(row).getByRole('button', { name: 'Ações do tenant acme' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Desbloquear conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desbloquear conta: acme' });
    const email = within(dialog).getByRole('textbox', { name: /^Email da conta/ });

    // Checked before sending.
    await user.click(within(dialog).getByRole('button', { name: 'Desbloquear' }));
    expect(await within(dialog).findByText('O campo email é obrigatório')).toBeInTheDocument();
    await user.type(email, 'ana@');
    await user.click(within(dialog).getByRole('button', { name: 'Desbloquear' }));
    expect(await within(dialog).findByText('O campo email deve ser um email válido')).toBeInTheDocument();
    expect(callsTo('POST /api/tenant/unblock-user')).toHaveLength(0);

    // 404: the server's pt_BR message, under the email field (once: no toast), the dialog stays.
    await user.type(email, 'outra.example');
    await user.click(within(dialog).getByRole('button', { name: 'Desbloquear' }));
    const notFound = await within(dialog).findByText('Usuário não encontrado nesta empresa.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toContain(notFound.id);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(notifications.show).not.toHaveBeenCalled();
    expect(callsTo('POST /api/tenant/unblock-user')[0]?.body).toEqual({
      tenantName: 'acme',
      email: 'ana@outra.example',
    });

    await user.clear(email);
    await user.type(email, '  ana@acme.example ');
    await user.click(within(dialog).getByRole('button', { name: 'Desbloquear' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'teal', title: 'Conta desbloqueada' }),
      ),
    );
    expect(callsTo('POST /api/tenant/unblock-user')[1]?.body).toEqual({
      tenantName: 'acme',
      email: 'ana@acme.example',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);

  it('a tenant that no longer exists is said above the field, not under it', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...CATALOGUE,
      'POST /api/tenant/paginated': () => json(page([globex])),
      'POST /api/tenant/unblock-user': () =>
        json({ code: 'tenant_not_found', message: 'Tenant não encontrado.', errors: [] }, 404),
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const row = await screen.findByTestId('tenant-row-globex');
    await user.click(within(row).getByRole('button', { name: 'Ações do tenant globex' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Desbloquear conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desbloquear conta: globex' });
    const email = within(dialog).getByRole('textbox', { name: /^Email da conta/ });
    await user.type(email, 'ana@globex.example');
    await user.click(within(dialog).getByRole('button', { name: 'Desbloquear' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Tenant não encontrado.');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(notifications.show).not.toHaveBeenCalled();
  }, 15_000);

  it('an older server without media limits: the tenant and the plans still read, as unlimited', async () => {
    const user = userEvent.setup();
    const { mediaLimitMb: _media, ...older } = globex;
    stubFetch({
      'GET /api/tenant/plans': () =>
        json({ ...PLANS, plans: PLANS.plans.map(({ media_limit_mb: _limit, ...plan }) => plan) }),
      'POST /api/tenant/paginated': () => json(page([older as Tenant])),
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const row = await screen.findByTestId('tenant-row-globex');
    expect(within(row).getByText('Ilimitado')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Ações do tenant globex' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Plano e limites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plano e limites: globex' });
    expect(await within(dialog).findByRole('textbox', { name: /Limite de mídia/ })).toHaveValue('');
    expect(within(dialog).getByText('Vazio: o do plano (ilimitado); 0: ilimitado')).toBeInTheDocument();
  }, 15_000);

  const failure = () => json({ code: 'internal', message: 'Erro interno.' }, 500);

  it('without the plan catalogue the list shows plan codes, and the plan dialog offers a retry', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'POST /api/tenant/paginated': () => json(page([acme])),
      // Failing for the list, and again when the dialog opens (it asks again), then answering.
      'GET /api/tenant/plans': [failure, failure, () => json(PLANS)],
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const row = await screen.findByTestId('tenant-row-acme');
    await waitFor(() => expect(callsTo('GET /api/tenant/plans')).toHaveLength(1));
    expect(within(row).getByText('pro')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Ações do tenant acme' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Plano e limites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plano e limites: acme' });
    expect(await within(dialog).findByText('Não foi possível carregar os planos.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(dialog).findByText('Vazio: o do plano (25); 0: ilimitado')).toBeInTheDocument();
    expect(within(row).getByText('Profissional')).toBeInTheDocument();
  }, 15_000);
});
