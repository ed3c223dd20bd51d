/**
 * The customers directory (/customers) and the closing reasons (/closing-reasons) against the real
 * server, in the seeded tenant `demo` as its administrator (who holds every route, so this passes
 * whether the server asks `users` or the new `customers` / `closing-reasons` routes for the
 * changes): search a seeded customer by phone, open their detail and history, put them on the
 * blacklist and take them off it (the list follows, and a change made elsewhere arrives live through
 * `CustomerBlacklisted`), create a group (a taken name is said under the field, what was typed
 * stays), rename it, add the customer to it (their detail then ticks it; a group created elsewhere
 * arrives live through `GroupOfCustomersUpdated`), export the search as CSV; then create, rename and
 * deactivate a closing reason (the closing dialog's `?active=true` list no longer has it).
 *
 * Screenshots at 1280 and 390 px, light and dark (`13-*-{desktop,mobile}[-dark].png`), each checked
 * by axe-core (no serious or critical violation). What it leaves in `demo`: a group and an inactive
 * closing reason with names of their own; the customer ends as it was (off the blacklist).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { send } from './support/api';
import { launchBrowser, logIn, mainNav, openPage, toast, waitForPath, type UserPage } from './support/browser';
import { shots } from './support/shots';

const e2e = inject('e2e');

/** Names of this run (the file may run again on a kept data directory). */
const RUN = Date.now().toString(36).slice(-4).toUpperCase();
const GROUP = `Clientes VIP ${RUN}`;
const GROUP_RENAMED = `Clientes Ouro ${RUN}`;
const GROUP_ELSEWHERE = `Aniversariantes ${RUN}`;
const REASON = `Cliente desistiu ${RUN}`;
const REASON_RENAMED = `Cliente desistiu da compra ${RUN}`;

interface Customer {
  id: number;
  name: string;
  phone: string;
  blacklisted: boolean;
}

let browser: Browser;
let admin: UserPage;
let token: string;
/** The seeded customer this file works on. */
let customer: Customer;

function api(method: string, path: string, body?: unknown) {
  return send(e2e, method, path, body, token, { origin: e2e.demo.baseUrl });
}

async function apiOk<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await api(method, path, body);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${method} ${path} → ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body as T;
}

/** `+5511987654321` as the screen shows it. */
function shownPhone(phone: string): string {
  const match = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(phone);
  return match ? `+55 ${match[1]} ${match[2]}-${match[3]}` : phone;
}

/** The customer's row in the desktop table. */
function row(page: Page) {
  return page.getByTestId(`customer-row-${customer.id}`);
}

/** The open customer drawer. */
function drawer(page: Page) {
  return page.getByRole('dialog', { name: customer.name });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await send(
    e2e,
    'POST',
    '/api/auth/login',
    { email: e2e.demo.admin.email, password: e2e.demo.admin.password, ip: null },
    undefined,
    { origin: e2e.demo.baseUrl },
  );
  if (login.status !== 200) throw new Error(`demo login → ${login.status}: ${JSON.stringify(login.body)}`);
  token = (login.body as { access_token: string }).access_token;
  const page = await apiOk<{ data: Customer[] }>('GET', '/api/customers?limit=20');
  const found = page.data.find((candidate) => !candidate.blacklisted && candidate.name.trim() !== '');
  if (!found) throw new Error('the demo tenant has no customer off the blacklist');
  customer = found;
});

afterAll(async () => {
  // The customer ends as it began, whatever failed.
  if (customer) await api('POST', `/api/customers/${customer.id}/blacklist`, { blacklisted: false });
  await admin?.context.close();
  await browser?.close();
});

describe('customers and closing reasons', () => {
  it('searches a customer by phone and opens their detail with their history', async () => {
    admin = await openPage(browser, e2e.demo.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.demo.admin.email, e2e.demo.admin.password);
    await mainNav(page).getByRole('link', { name: 'Clientes' }).click();
    await waitForPath(page, '/customers');
    await page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    await page.locator('[data-testid^="customer-row-"]').first().waitFor();
    await shots(page, '13-customers');

    // Eight digits of the phone find this one customer.
    await page.getByRole('textbox', { name: 'Buscar clientes' }).fill(customer.phone.slice(-8));
    await expect.poll(() => page.locator('[data-testid^="customer-row-"]').count()).toBe(1);
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    await row(page).getByText(shownPhone(customer.phone)).waitFor();
    await shots(page, '13-customers-search');

    const detail = await apiOk<{ tickets: unknown[] }>('GET', `/api/customers/${customer.id}`);
    await row(page).getByRole('link', { name: customer.name }).click();
    await drawer(page).waitFor();
    expect(new URL(page.url()).searchParams.get('cliente')).toBe(String(customer.id));
    // The address in the details, and the same phone among the customer's identities.
    await drawer(page).locator('dl').getByText(shownPhone(customer.phone)).waitFor();
    await drawer(page).getByTestId('customer-identity').getByText(shownPhone(customer.phone)).waitFor();
    await drawer(page)
      .getByRole('heading', { name: `Atendimentos (${detail.tickets.length})` })
      .waitFor();
    if (detail.tickets.length > 0) {
      const tickets = drawer(page).getByRole('list', { name: 'Atendimentos do cliente' }).getByRole('listitem');
      expect(await tickets.count()).toBe(detail.tickets.length);
    }
    await shots(page, '13-customer-detail');
    // A reload opens the same customer (the URL holds it).
    await page.reload();
    await drawer(page).locator('dl').getByText(shownPhone(customer.phone)).waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('puts the customer on the blacklist and takes them off it; a change made elsewhere arrives live', async () => {
    const { page } = admin;
    await drawer(page).getByRole('button', { name: 'Bloquear cliente' }).click();
    const confirm = page.getByRole('dialog', { name: 'Bloquear cliente' });
    await confirm.getByText(/não abrirão atendimento/).waitFor();
    await shots(page, '13-customer-blacklist');
    await confirm.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await toast(page, 'Cliente bloqueado').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await drawer(page).getByText('Bloqueado', { exact: true }).waitFor();
    expect((await apiOk<Customer>('GET', `/api/customers/${customer.id}`)).blacklisted).toBe(true);

    await drawer(page).getByRole('button', { name: 'Desbloquear cliente' }).click();
    await page
      .getByRole('dialog', { name: 'Desbloquear cliente' })
      .getByRole('button', { name: 'Desbloquear' })
      .click();
    await toast(page, 'Cliente desbloqueado').waitFor();
    await drawer(page).getByText('Liberado', { exact: true }).waitFor();
    expect((await apiOk<Customer>('GET', `/api/customers/${customer.id}`)).blacklisted).toBe(false);

    // Someone else blacklists the customer: the row follows without a reload (CustomerBlacklisted).
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });
    await apiOk('POST', `/api/customers/${customer.id}/blacklist`, { blacklisted: true });
    await row(page).getByText('Bloqueado', { exact: true }).waitFor();
    await apiOk('POST', `/api/customers/${customer.id}/blacklist`, { blacklisted: false });
    await row(page).getByText('Liberado', { exact: true }).waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('exports the search as CSV', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exportar clientes' });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^clientes-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await file.path(), 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('ID;Nome;Telefone;Email;Bloqueado;Cliente desde');
    expect(lines).toHaveLength(2);
    expect(lines[1]?.startsWith(`${customer.id};`)).toBe(true);
    expect(lines[1]).toContain(customer.phone);
    await dialog.getByText('Arquivo baixado').waitFor();
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(admin.errors).toEqual([]);
  });

  it('creates a group, renames it and adds the customer; a group created elsewhere arrives live', async () => {
    const { page } = admin;
    await page.getByRole('tab', { name: 'Grupos' }).click();
    expect(new URL(page.url()).searchParams.get('aba')).toBe('grupos');
    await page.getByRole('button', { name: 'Novo grupo' }).first().click();
    let form = page.getByRole('dialog', { name: 'Novo grupo de clientes' });
    await form.getByRole('textbox', { name: 'Nome do grupo' }).fill(GROUP);
    await form.getByRole('button', { name: 'Criar grupo' }).click();
    await toast(page, 'Grupo criado').waitFor();
    await form.waitFor({ state: 'detached' });
    const groupRow = page.getByRole('row').filter({ hasText: GROUP });
    await groupRow.getByText('0 clientes').waitFor();

    // The same name again: the server's refusal under the field, the name still typed.
    await page.getByRole('button', { name: 'Novo grupo' }).first().click();
    form = page.getByRole('dialog', { name: 'Novo grupo de clientes' });
    const name = form.getByRole('textbox', { name: 'Nome do grupo' });
    await name.fill(GROUP);
    await form.getByRole('button', { name: 'Criar grupo' }).click();
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.inputValue()).toBe(GROUP);
    await shots(page, '13-group-name-taken');
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await form.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Ações do grupo ${GROUP}` }).click();
    await page.getByRole('menuitem', { name: 'Renomear' }).click();
    form = page.getByRole('dialog', { name: 'Renomear grupo' });
    await form.getByRole('textbox', { name: 'Nome do grupo' }).fill(GROUP_RENAMED);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Grupo renomeado').waitFor();
    const renamedRow = page.getByRole('row').filter({ hasText: GROUP_RENAMED });
    await renamedRow.waitFor();

    await renamedRow.getByRole('button', { name: `0 clientes em ${GROUP_RENAMED}: incluir ou tirar clientes` }).click();
    const members = page.getByRole('dialog', { name: `Clientes do grupo ${GROUP_RENAMED}` });
    await members.getByRole('textbox', { name: 'Buscar clientes para o grupo' }).fill(customer.phone.slice(-8));
    const box = members.getByRole('checkbox', { name: customer.name });
    await expect.poll(() => members.getByRole('checkbox').count()).toBe(1);
    await box.check();
    await members.getByText('1 cliente marcado.').waitFor();
    await shots(page, '13-group-members');
    await members.getByRole('button', { name: 'Incluir no grupo' }).click();
    await toast(page, 'Clientes incluídos').waitFor();
    await members.getByText('O grupo tem 1 cliente.').waitFor();
    await members.getByRole('button', { name: 'Fechar', exact: true }).click();
    await members.waitFor({ state: 'detached' });
    await renamedRow.getByText('1 cliente', { exact: true }).waitFor();

    // Someone else creates a group: it shows up without a reload (GroupOfCustomersUpdated).
    await apiOk('POST', '/api/customer-groups', { name: GROUP_ELSEWHERE });
    await page.getByRole('row').filter({ hasText: GROUP_ELSEWHERE }).waitFor();
    await shots(page, '13-groups');

    // The customer's detail ticks the group.
    await page.getByRole('tab', { name: 'Clientes' }).click();
    await row(page).getByRole('link', { name: customer.name }).click();
    await expect.poll(() => drawer(page).getByRole('checkbox', { name: GROUP_RENAMED }).isChecked()).toBe(true);
    expect(await drawer(page).getByRole('checkbox', { name: GROUP_ELSEWHERE }).isChecked()).toBe(false);
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });
    expect(admin.errors).toEqual([]);
  });

  it('creates, renames and deactivates a closing reason', async () => {
    const { page } = admin;
    await mainNav(page).getByRole('link', { name: 'Motivos de encerramento' }).click();
    await waitForPath(page, '/closing-reasons');
    await page.getByRole('heading', { name: 'Motivos de encerramento', level: 1 }).waitFor();
    await page.locator('[data-testid^="reason-row-"]').first().waitFor();
    await shots(page, '13-closing-reasons');

    await page.getByRole('button', { name: 'Novo motivo' }).first().click();
    let form = page.getByRole('dialog', { name: 'Novo motivo de encerramento' });
    await form.getByRole('textbox', { name: 'Nome do motivo' }).fill(REASON);
    await shots(page, '13-closing-reason-new');
    await form.getByRole('button', { name: 'Criar motivo' }).click();
    await toast(page, 'Motivo criado').waitFor();
    await form.waitFor({ state: 'detached' });
    let reasonRow = page.getByRole('row').filter({ hasText: REASON });
    await reasonRow.getByText('Ativo', { exact: true }).waitFor();

    await page.getByRole('button', { name: `Ações do motivo ${REASON}` }).click();
    await page.getByRole('menuitem', { name: 'Renomear' }).click();
    form = page.getByRole('dialog', { name: 'Renomear motivo' });
    await form.getByRole('textbox', { name: 'Nome do motivo' }).fill(REASON_RENAMED);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Motivo renomeado').waitFor();
    reasonRow = page.getByRole('row').filter({ hasText: REASON_RENAMED });
    await reasonRow.waitFor();

    await page.getByRole('button', { name: `Ações do motivo ${REASON_RENAMED}` }).click();
    await page.getByRole('menuitem', { name: 'Desativar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desativar motivo' });
    await confirm.getByText(/continuam com esse motivo/).waitFor();
    await shots(page, '13-closing-reason-deactivate');
    await confirm.getByRole('button', { name: 'Desativar' }).click();
    await toast(page, 'Motivo desativado').waitFor();
    await reasonRow.getByText('Inativo', { exact: true }).waitFor();

    // The closing dialog's list (active only) no longer offers it; every reason still lists it.
    const active = await apiOk<{ name: string }[]>('GET', '/api/closing-reasons?active=true');
    expect(active.map((reason) => reason.name)).not.toContain(REASON_RENAMED);
    const every = await apiOk<{ name: string; activated: boolean }[]>('GET', '/api/closing-reasons');
    expect(every.find((reason) => reason.name === REASON_RENAMED)?.activated).toBe(false);

    await page
      .locator('label')
      .filter({ hasText: /^Inativos$/ })
      .click();
    expect(await page.getByRole('radio', { name: 'Inativos' }).isChecked()).toBe(true);
    await reasonRow.waitFor();
    await shots(page, '13-closing-reasons-inactive');
    expect(admin.errors).toEqual([]);
  });
});
