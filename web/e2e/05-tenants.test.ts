/**
 * Tenants and instances for back-office operators (docs/contracts.md#screens-and-routes, Tenants and
 * Instances, docs/contracts.md#api-calls, docs/contracts.md#constants), on the back-office tenant's
 * host against the real tenant API, plus the realtime socket
 * (docs/contracts.md#states-and-transitions): the tenant's administrator sees an instance the
 * operator creates, as it happens.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { changeRole, findUser, restoreRole, wrongPasswords, type Role } from './support/api';
import { launchBrowser, logIn, mainNav, openPage, snap, toast, waitForPath } from './support/browser';
import { shots } from './support/shots';

const e2e = inject('e2e');
let browser: Browser;
let provider: Server;
let providerUrl: string;
/** Requests the fake provider received (path and query). */
const providerCalls: string[] = [];

/**
 * A message provider (docs/providers.md) with three pages of messages, the later ones slow, so
 * the synchronisation is seen running before it ends, and still runs after the operator's page
 * is reloaded.
 */
function startProvider(): Promise<void> {
  const now = Date.now();
  const message = (n: number) => ({
    id: `e2e-msg-${n}`,
    phone: `+55 11 98765-43${String(n).padStart(2, '0')}`,
    name: `Cliente ${n}`,
    direction: n % 2 === 0 ? 'out' : 'in',
    body: `Mensagem ${n}`,
    ack: 'read',
    sentAt: new Date(now - n * 60_000).toISOString(),
  });
  const pages: Record<string, { messages: unknown[]; next_cursor: string | null; delayMs: number }> = {
    '': { messages: [message(1), message(2)], next_cursor: 'p2', delayMs: 0 },
    p2: { messages: [message(3), message(4)], next_cursor: 'p3', delayMs: 1500 },
    p3: { messages: [message(5)], next_cursor: null, delayMs: 6000 },
  };
  provider = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://provider');
    providerCalls.push(`${url.pathname}${url.search}`);
    if (url.pathname !== '/messages' || request.headers.authorization !== 'Bearer segredo-e2e') {
      response.writeHead(401).end();
      return;
    }
    const page = pages[url.searchParams.get('cursor') ?? ''] ?? { messages: [], next_cursor: null, delayMs: 0 };
    setTimeout(() => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ messages: page.messages, next_cursor: page.next_cursor }));
    }, page.delayMs);
  });
  return new Promise((resolve) => {
    provider.listen(0, '127.0.0.1', () => {
      providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      resolve();
    });
  });
}

/** The attendant role as this file found it. */
let attendantRole: Role | undefined;

beforeAll(async () => {
  // The last test needs an attendant holding `users` but neither `roles-list` nor `instances`.
  attendantRole = await changeRole(e2e, 'atendente', { grant: ['users'], revoke: ['roles-list', 'instances'] });
  browser = await launchBrowser();
  await startProvider();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => provider?.close(resolve));
  if (attendantRole) await restoreRole(e2e, attendantRole);
});

async function openTenants(page: Page): Promise<void> {
  await logIn(page, e2e.operator.email, e2e.operator.password);
  await mainNav(page).getByRole('link', { name: 'Tenants' }).click();
  await waitForPath(page, '/tenants');
}

function tenantRow(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
}

async function tenantAction(page: Page, name: string, action: string): Promise<void> {
  await tenantRow(page, name)
    .getByRole('button', { name: `Ações do tenant ${name}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

// docs/contracts.md#screens-and-routes, docs/contracts.md#api-calls, docs/contracts.md#constants
describe('tenants', () => {
  it('an operator sees the tenants with the documented defaults: page 1, 4 per page, id descending', async () => {
    const { page, context, errors } = await openPage(browser, e2e.backofficeUrl);
    const firstList = page.waitForRequest((request) => request.url().endsWith('/api/tenant/paginated'));
    await openTenants(page);
    expect((await firstList).postDataJSON()).toEqual({
      filter_users: 'active',
      pagination_page: 1,
      pagination_limit: 4,
      search: null,
      sort_name: 'id',
      sort_type: 'desc',
    });
    await tenantRow(page, 'acme').waitFor();
    await tenantRow(page, 'loja').waitFor();
    // id descending: loja (4) before acme (3); the four newest fill the page (backoffice, the
    // first, and 17-providers' oficial, the second, are on page 2).
    const names = await page.getByRole('row').allInnerTexts();
    expect(names.findIndex((text) => text.includes('loja'))).toBeLessThan(
      names.findIndex((text) => text.includes('acme')),
    );
    expect(await tenantRow(page, 'acme').innerText()).toMatch(/Profissional/i);
    await snap(page, '05-tenants-list');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a tenant's own administrator has no Tenants entry; its address says the screen is for operators", async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.admin.email, e2e.admin.password);
    // The role lists `tenants`, but behind the entry there would only be "Só para operadores".
    expect(await page.evaluate(() => localStorage.getItem('permissionRoutes'))).toContain('"tenants"');
    await mainNav(page).getByRole('link', { name: 'Usuários' }).waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Tenants' }).count()).toBe(0);
    await page.goto('/tenants');
    await page.getByText('Só para operadores do back-office').waitFor();
    await snap(page, '05-tenants-not-operator');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a tenant, edits its features (one call per change, in parallel) and sets its plan', async () => {
    const { page, context, errors } = await openPage(browser, e2e.backofficeUrl);
    await openTenants(page);
    await page.getByRole('button', { name: 'Novo tenant' }).click();
    const create = page.getByRole('dialog', { name: 'Novo tenant' });
    await create.getByRole('textbox', { name: /^Nome/ }).fill('globex');
    // Masked while typed; a typo in the check digits is said once, under the field (no toast).
    const cnpj = create.getByRole('textbox', { name: 'CNPJ' });
    await cnpj.pressSequentially('11222333000182');
    expect(await cnpj.inputValue()).toBe('11.222.333/0001-82');
    await create.getByRole('button', { name: 'Criar tenant' }).click();
    const wrong = create.getByText('CNPJ inválido: dígitos verificadores não conferem.');
    await wrong.waitFor();
    expect(await wrong.count()).toBe(1);
    expect(await cnpj.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    await shots(page, '05-tenant-create-invalid');
    await cnpj.press('Backspace');
    await cnpj.pressSequentially('1');
    expect(await cnpj.inputValue()).toBe('11.222.333/0001-81');
    await snap(page, '05-tenant-create');
    await create.getByRole('button', { name: 'Criar tenant' }).click();
    await toast(page, 'Tenant criado').waitFor();
    const row = tenantRow(page, 'globex');
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Básico/i);
    expect(await row.innerText()).toContain('11.222.333/0001-81');

    await tenantAction(page, 'globex', 'Opções');
    const options = page.getByRole('dialog', { name: 'Opções: globex' });
    const campaigns = options.getByRole('switch', { name: /Campanhas/ });
    const chatbot = options.getByRole('switch', { name: /Chatbot/ });
    await campaigns.waitFor();
    expect(await campaigns.isChecked()).toBe(false);
    expect(await chatbot.isChecked()).toBe(true);
    await campaigns.check();
    await chatbot.uncheck();
    await snap(page, '05-tenant-features');
    const featureCalls: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/tenant/feature'))
        featureCalls.push(request.postDataJSON());
    });
    await options.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Opções salvas').waitFor();
    expect(featureCalls).toEqual(
      expect.arrayContaining([
        { option: 'campaigns', enabled: true, tenantName: 'globex' },
        { option: 'chatbot', enabled: false, tenantName: 'globex' },
      ]),
    );
    expect(featureCalls).toHaveLength(2);
    await tenantAction(page, 'globex', 'Opções');
    await campaigns.waitFor();
    expect(await campaigns.isChecked()).toBe(true);
    expect(await chatbot.isChecked()).toBe(false);
    await options.getByRole('button', { name: 'Cancelar' }).click();

    // Básico → Enterprise: the limits not typed here become Enterprise's (none sent), so Básico's
    // 1.000 tickets a month do not stay as an explicit limit.
    await tenantAction(page, 'globex', 'Plano e limites');
    const plan = page.getByRole('dialog', { name: 'Plano e limites: globex' });
    await plan.getByRole('combobox', { name: 'Plano' }).click();
    await page.getByRole('option', { name: 'Enterprise' }).click();
    expect(await plan.getByRole('textbox', { name: /Tickets por mês/ }).inputValue()).toBe('');
    await plan.getByRole('textbox', { name: /Limite de usuários/ }).fill('10');
    await shots(page, '05-tenant-plan');
    const setPlan = page.waitForRequest((request) => request.url().endsWith('/api/tenant/set-plan'));
    await plan.getByRole('button', { name: 'Salvar' }).click();
    expect((await setPlan).postDataJSON()).toEqual({
      id: expect.any(Number) as number,
      plan: 'enterprise',
      user: 10,
      ticket: null,
      media: null,
    });
    await toast(page, 'Plano salvo').waitFor();
    await row.filter({ hasText: 'Enterprise' }).waitFor();
    expect(await row.innerText()).toMatch(/\b10\b/);
    expect(await row.innerText()).toContain('Ilimitado');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes a tenant (hidden from the list) and restores it', async () => {
    const { page, context, errors } = await openPage(browser, e2e.backofficeUrl);
    await openTenants(page);
    await tenantAction(page, 'globex', 'Excluir');
    const confirm = page.getByRole('dialog', { name: 'Excluir tenant' });
    await snap(page, '05-tenant-delete-confirm');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, 'Tenant excluído').waitFor();
    await tenantRow(page, 'globex').waitFor({ state: 'detached' });

    await page.getByText('Excluídos', { exact: true }).click();
    const deleted = tenantRow(page, 'globex');
    await deleted.getByText('Excluído', { exact: true }).waitFor();
    await snap(page, '05-tenants-deleted');
    await tenantAction(page, 'globex', 'Restaurar');
    await page.getByRole('dialog', { name: 'Restaurar tenant' }).getByRole('button', { name: 'Restaurar' }).click();
    await toast(page, 'Tenant restaurado').waitFor();
    await page.getByText('Nenhum tenant excluído').waitFor();
    await page.getByText('Ativos', { exact: true }).click();
    await tenantRow(page, 'globex').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  // docs/auth.md#guessing-limits: five wrong passwords in a row block an account; an operator
  // unblocks a user of any tenant by email (POST /api/tenant/unblock-user).
  it('an operator unblocks a user of a tenant locked out by five wrong passwords', async () => {
    const hugo = e2e.operatorUnblockUser;
    // From an address of their own (127.0.0.2): the server allows 10 failed logins per address per
    // 15 minutes, and the other files' failures come from 127.0.0.1.
    expect(await wrongPasswords(e2e, hugo.email, 5, '127.0.0.2')).toEqual([401, 401, 401, 401, 401]);
    expect((await findUser(e2e, hugo.email)).blocked).toBe(true);

    const { page, context, errors } = await openPage(browser, e2e.backofficeUrl);
    await openTenants(page);
    await tenantAction(page, 'acme', 'Desbloquear conta');
    const dialog = page.getByRole('dialog', { name: 'Desbloquear conta: acme' });
    const email = dialog.getByRole('textbox', { name: /^Email da conta/ });
    await snap(page, '05-tenant-unblock-user');

    // An email that names nobody in the tenant: the server's 404 message, under the field.
    await email.fill('ninguem@acme.example');
    await dialog.getByRole('button', { name: 'Desbloquear' }).click();
    await dialog.getByText('Usuário não encontrado nesta empresa.').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await snap(page, '05-tenant-unblock-user-not-found');

    await email.fill(hugo.email);
    const unblock = page.waitForRequest((request) => request.url().endsWith('/api/tenant/unblock-user'));
    await dialog.getByRole('button', { name: 'Desbloquear' }).click();
    expect((await unblock).postDataJSON()).toEqual({ tenantName: 'acme', email: hugo.email });
    await toast(page, 'Conta desbloqueada').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect((await findUser(e2e, hugo.email)).blocked).toBe(false);
    expect(errors).toEqual([]);
    await context.close();

    const user = await openPage(browser, e2e.baseUrl);
    await logIn(user.page, hugo.email, hugo.password);
    await user.page.getByRole('heading', { name: `Olá, ${hugo.name}!` }).waitFor();
    expect(user.errors).toEqual([]);
    await user.context.close();
  });

  it("manages a tenant's instances and syncs messages with progress; the tenant's admin sees it live", async () => {
    // The acme administrator watches the instances screen of their own tenant.
    const admin = await openPage(browser, e2e.baseUrl);
    await logIn(admin.page, e2e.admin.email, e2e.admin.password);
    await mainNav(admin.page).getByRole('link', { name: 'Instâncias' }).click();
    await waitForPath(admin.page, '/instances');
    await admin.page.getByText('Nenhuma instância').waitFor();
    await snap(admin.page, '05-instances-empty');

    const { page, context, errors } = await openPage(browser, e2e.backofficeUrl);
    await openTenants(page);
    await tenantAction(page, 'acme', 'Instâncias');
    const drawer = page.getByRole('dialog', { name: 'Instâncias de acme' });
    await drawer.getByText('Nenhuma instância').waitFor();
    await drawer.getByRole('button', { name: 'Nova instância' }).click();
    const form = page.getByRole('dialog', { name: 'Nova instância' });
    await form.getByRole('textbox', { name: /^Nome/ }).fill('WhatsApp Vendas');
    await form.getByRole('textbox', { name: 'URL do provedor' }).fill(providerUrl);
    await form.getByLabel('Segredo do provedor').fill('segredo-e2e');
    await snap(page, '05-instance-create');
    await form.getByRole('button', { name: 'Criar instância' }).click();
    await toast(page, 'Instância criada').waitFor();
    const instanceRow = drawer.getByRole('row').filter({ hasText: 'WhatsApp Vendas' });
    await instanceRow.waitFor();

    // Realtime (docs/realtime.md): the event reaches the acme administrator's socket at once.
    await toast(admin.page, 'Instância atualizada').filter({ hasText: 'WhatsApp Vendas' }).waitFor();
    await admin.page.getByRole('row').filter({ hasText: 'WhatsApp Vendas' }).waitFor();
    await snap(admin.page, '05-instances-realtime');

    await instanceRow.getByRole('button', { name: 'Ações da instância WhatsApp Vendas' }).click();
    await page.getByRole('menuitem', { name: 'Sincronizar mensagens' }).click();
    const sync = page.getByRole('dialog', { name: 'Sincronizar mensagens: WhatsApp Vendas' });
    await sync.getByRole('textbox', { name: 'Dias para trás' }).fill('7');
    await sync.getByRole('button', { name: 'Sincronizar' }).click();
    await sync.locator('[data-testid="sync-progress"][data-status="running"]').waitFor();

    // Reloading loses everything the page knew; the job still running is found again from the
    // server (GET /api/instance/syncMessages?instanceId) in the row and the dialog, and followed.
    const latestRead = page.waitForResponse(
      (response) =>
        response.url().includes('/api/instance/syncMessages?') && response.url().includes('tenantName=acme'),
    );
    await page.reload();
    await tenantAction(page, 'acme', 'Instâncias');
    expect((await latestRead).status()).toBe(200);
    await instanceRow.locator('[data-testid="sync-progress"][data-status="running"]').waitFor();
    await instanceRow.getByRole('button', { name: 'Ações da instância WhatsApp Vendas' }).click();
    await page.getByRole('menuitem', { name: 'Sincronizar mensagens' }).click();
    await sync.locator('[data-testid="sync-progress"][data-status="running"]').waitFor();
    expect(await sync.getByRole('button', { name: 'Sincronizar de novo' }).isDisabled()).toBe(true);
    expect(await sync.getByRole('textbox', { name: 'Dias para trás' }).inputValue()).toBe('7');
    await snap(page, '05-instance-sync-running');
    await sync.getByText('Sincronização concluída').waitFor({ timeout: 30_000 });
    expect(await sync.getByTestId('sync-progress').innerText()).toContain('5 mensagens lidas, 5 novas');
    expect(await sync.getByRole('button', { name: 'Sincronizar de novo' }).isEnabled()).toBe(true);
    expect(providerCalls.some((call) => call.includes('since='))).toBe(true);
    await snap(page, '05-instance-sync-done');
    await sync.getByRole('button', { name: 'Fechar', exact: true }).click();
    await instanceRow.getByText('Sincronizada: 5 mensagens lidas, 5 novas').waitFor();
    await snap(page, '05-tenant-instances');

    // Update: deactivate it.
    await instanceRow.getByRole('button', { name: 'Ações da instância WhatsApp Vendas' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar instância: WhatsApp Vendas' });
    await edit.getByRole('switch', { name: /^Ativa/ }).uncheck();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Instância salva').waitFor();
    await instanceRow.getByText('Inativa').waitFor();
    await admin.page.getByRole('row').filter({ hasText: 'WhatsApp Vendas' }).getByText('Inativa').waitFor();

    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await context.close();
    await admin.context.close();
  });

  it("the tenant's administrator links a user to the new instance (users: edit instances)", async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.admin.email, e2e.admin.password);
    await mainNav(page).getByRole('link', { name: 'Usuários' }).click();
    await waitForPath(page, '/users');
    const row = page.getByRole('row').filter({ hasText: e2e.attendant.name });
    await row.getByRole('button', { name: `Ações de ${e2e.attendant.name}` }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: `Editar usuário: ${e2e.attendant.name}` });
    await edit.getByRole('combobox', { name: /^Instâncias/ }).click();
    await page.getByRole('option', { name: /WhatsApp Vendas/ }).click();
    await page.keyboard.press('Escape');
    const put = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/api/users/'));
    await edit.getByRole('button', { name: 'Salvar' }).click();
    expect((await put).postDataJSON()).toMatchObject({ chosen_instances: [expect.any(Number)] });
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Usuário salvo' }).waitFor();
    await row.getByText('WhatsApp Vendas').waitFor();
    await snap(page, '05-users-with-instance');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a user whose role has Usuários but neither Perfis de acesso nor Instâncias picks both when creating a user', async () => {
    // beforeAll gave the attendant role the route `users`; it has neither `roles-list` nor `instances`.
    const { page, context, errors, refusedRequests } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.attendant.email, e2e.attendant.password);
    expect(await mainNav(page).getByRole('link', { name: 'Perfis de acesso' }).count()).toBe(0);
    expect(await mainNav(page).getByRole('link', { name: 'Instâncias' }).count()).toBe(0);
    await mainNav(page).getByRole('link', { name: 'Usuários' }).click();
    await waitForPath(page, '/users');
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo usuário' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill('Gil Contratado');
    await dialog.getByRole('textbox', { name: /^Email/ }).fill('gil@acme.example');
    await dialog.locator('input[autocomplete="new-password"]').fill('Gil#Contr4to!');
    await dialog.getByRole('combobox', { name: /^Perfil/ }).click();
    await page.getByRole('option', { name: 'Supervisor' }).waitFor();
    await page.getByRole('option', { name: 'Atendente' }).click();
    await dialog.getByRole('combobox', { name: /^Instâncias/ }).click();
    await page.getByRole('option', { name: /WhatsApp Vendas/ }).click();
    await page.keyboard.press('Escape');
    await snap(page, '05-attendant-user-create');
    const post = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/users'));
    await dialog.getByRole('button', { name: 'Criar usuário' }).click();
    expect((await post).postDataJSON()).toMatchObject({
      role_id: expect.any(Number) as number,
      chosen_instances: [expect.any(Number)],
    });
    await toast(page, 'Usuário criado').waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Gil Contratado' });
    await row.getByText('WhatsApp Vendas').waitFor();
    expect(await row.innerText()).toContain('Atendente');
    // No call the role may not make (GET /api/permission, GET /api/instance) was refused.
    expect(refusedRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
