/**
 * Automatic distribution (docs/service-levels.md#distribution) in two real browsers against the
 * real server: the inbox tenant's administrator opens "Distribuição" and sets the tickets without a
 * department to "Equilibrada" with a capacity of 1, through the screen. An attendant linked to the
 * test's own number, logged in with the app open (her socket up, so she counts as online), receives
 * the ticket a customer opens: the toast "Novo atendimento para você" with the reason, the ticket in
 * "Meus", and the conversation's line "Atribuído a …". The administrator's screen shows her "1 de 1"
 * and full, live. She goes Ausente from the header: the screen (and the users list) says so, live;
 * even with room given back to her (a capacity of her own, 2), a second customer's ticket stays
 * waiting, assigned to nobody; "Usar a do departamento" puts her back to "1 de 1". Then offers by
 * request: the administrator turns on "Oferecer antes de atribuir" for the tickets without a
 * department (60 s) through the screen; back Disponível with room, she is offered a third
 * customer's ticket — the toast and the conversation's card "Oferta da distribuição" with its
 * countdown — and accepts it: it is hers.
 *
 * Screenshots at 1280 and 390 px, light and dark (`23-*.png`), with axe-core: no serious or
 * critical violation. Runs on an instance of its own with an attendant of its own, so nothing is
 * given to the other files' people; the policy of the tickets without a department is put back as
 * it was at the end.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, mainNav, openPage, toast, waitForPath, type UserPage } from './support/browser';
import {
  customerWrites,
  inboxAdminToken,
  inboxCall,
  inboxInstance,
  newWebhookSecret,
  startFakeProvider,
  type FakeProvider,
} from './support/inbox';
import { settle } from './support/settle';
import { shots } from './support/shots';

const e2e = inject('e2e');
const DORA = { name: 'Dora Distribuição', email: 'dora.distribuicao@loja.example', password: 'Senha#Forte!9' };
const FIRST = { phone: '+55 31 93333-1010', name: 'Paula Prado' };
const SECOND = { phone: '+55 31 93333-2020', name: 'Sérgio Lemos' };
const THIRD = { phone: '+55 31 93333-3030', name: 'Tânia Rocha' };
const BALANCED = 'Equilibrada — quem tem menos atendimentos';
const SCREENSHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

interface PolicyAnswer {
  departmentId: number | null;
  departmentName: string | null;
  activated: boolean;
  strategy: string;
  capacity: number;
  offerSeconds: number | null;
}
interface AgentAnswer {
  userId: number;
  name: string;
  departmentId: number | null;
  capacity: number | null;
  effectiveCapacity: number;
  openTickets: number;
  status: string;
}
interface Overview {
  policies: PolicyAnswer[];
  agents: AgentAnswer[];
}
interface TicketAnswer {
  id: number;
  status: string;
  customer: { name: string };
  assignedUser: { id: number; name: string } | null;
}

let browser: Browser;
let provider: FakeProvider;
let secret: string;
let token: string;
let instanceId: number;
let doraId: number;
/** The policy of the tickets without a department before this file, put back at the end. */
let before: PolicyAnswer | undefined;
let admin: UserPage;
let dora: UserPage;

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  secret = newWebhookSecret();
  token = await inboxAdminToken(e2e);
  instanceId = await inboxInstance(e2e, token, 'WhatsApp Distribuição', provider, secret);
  const roles = await inboxCall<{ id: number; name: string }[]>(e2e, 'GET', '/api/permission', undefined, token);
  const attendant = roles.find((role) => role.name === 'atendente');
  if (!attendant) throw new Error('no atendente role');
  // The only person linked to this number: whatever it receives can go to her alone.
  const created = await inboxCall<{ id: number }>(
    e2e,
    'POST',
    '/api/users',
    { ...DORA, role_id: attendant.id, user_department_id: null, chosen_instances: [instanceId] },
    token,
  );
  doraId = created.id;
  const overview = await inboxCall<Overview>(e2e, 'GET', '/api/distribution', undefined, token);
  before = overview.policies.find((policy) => policy.departmentId === null);
});

afterAll(async () => {
  await admin?.context.close();
  await dora?.context.close();
  await browser?.close();
  await provider?.close();
  // The tickets without a department are given out as before (the queue, by default): the other
  // files' waiting tickets stay where they expect them.
  if (token && before) {
    await inboxCall(
      e2e,
      'PUT',
      '/api/distribution/policies',
      { departmentId: null, strategy: before.strategy, capacity: before.capacity, offerSeconds: before.offerSeconds },
      token,
    );
  }
});

/** The desktop table's row of the tickets without a department. */
function noDepartmentRow(page: Page): Locator {
  return page.getByTestId('policy-row-none');
}

/** The desktop table's row of the attendant. */
function doraRow(page: Page): Locator {
  return page.getByTestId(`agent-row-${doraId}`);
}

async function overview(): Promise<Overview> {
  return inboxCall<Overview>(e2e, 'GET', '/api/distribution', undefined, token);
}

/** The tickets of this file's number with `status`, as the administrator sees them. */
async function tickets(status: string): Promise<TicketAnswer[]> {
  const page = await inboxCall<{ data: TicketAnswer[] }>(
    e2e,
    'GET',
    `/api/tickets?status=${status}&instanceId=${instanceId}&limit=100`,
    undefined,
    token,
  );
  return page.data;
}

/** The answer to the next PUT on `path`. */
function putAnswer(page: Page, path: string) {
  return page.waitForResponse((response) => response.url().endsWith(path) && response.request().method() === 'PUT');
}

/** Closes a toast if it is still there (it stays while the mouse is over it). */
async function closeToast(page: Page, title: string): Promise<void> {
  const notice = toast(page, title).first();
  if (await notice.isVisible()) {
    await notice
      .getByRole('button', { name: 'Fechar aviso' })
      .click({ timeout: 5_000 })
      .catch(() => undefined); // it closed on its own meanwhile
  }
  await notice.waitFor({ state: 'detached' });
}

/** Live, without a reload: the socket's events did it. */
const LIVE = { timeout: 15_000 };

describe('automatic distribution', () => {
  it('the administrator sets "Sem departamento" to Equilibrada with a capacity of 1 on "Distribuição"', async () => {
    admin = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    await mainNav(page).getByRole('link', { name: 'Distribuição' }).click();
    await waitForPath(page, '/distribution');
    await page.getByRole('heading', { name: 'Distribuição', level: 1 }).waitFor();
    expect(await page.title()).toBe('Distribuição · Back-office');
    await page.getByRole('heading', { name: 'Como os atendimentos são distribuídos', level: 2 }).waitFor();
    await doraRow(page).waitFor();

    const row = noDepartmentRow(page);
    expect(await row.getByRole('cell').first().innerText()).toBe('Sem departamento');
    await row.getByRole('combobox', { name: 'Estratégia de Sem departamento' }).click();
    await page.getByRole('option', { name: BALANCED }).click();
    const capacity = row.getByRole('textbox', { name: 'Capacidade por pessoa de Sem departamento' });
    // Out of 1–50: refused before anything is sent.
    await capacity.fill('51');
    await row.getByRole('button', { name: 'Salvar Sem departamento' }).click();
    await row.getByText('Capacidade inválida: de 1 a 50 atendimentos.').waitFor();

    await capacity.fill('1');
    const answered = putAnswer(page, '/api/distribution/policies');
    await row.getByRole('button', { name: 'Salvar Sem departamento' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    // Given directly: the offer left off.
    expect(response.request().postDataJSON()).toEqual({
      departmentId: null,
      strategy: 'balanced',
      capacity: 1,
      offerSeconds: null,
    });
    expect(await response.json()).toEqual({
      departmentId: null,
      departmentName: null,
      activated: true,
      strategy: 'balanced',
      capacity: 1,
      offerSeconds: null,
    });
    await toast(page, 'Distribuição salva').filter({ hasText: 'Sem departamento: Equilibrada' }).waitFor();
    await expect.poll(() => row.getByRole('button', { name: 'Salvar Sem departamento' }).isDisabled()).toBe(true);
    await closeToast(page, 'Distribuição salva');
    expect(await row.getByRole('combobox', { name: 'Estratégia de Sem departamento' }).inputValue()).toBe(BALANCED);
    expect(admin.errors).toEqual([]);
  });

  it('the attendant, online with the app open, receives the ticket a customer opens, and is told why', async () => {
    dora = await openPage(browser, e2e.inbox.baseUrl);
    await dora.context.grantPermissions(['notifications']);
    await logIn(dora.page, DORA.email, DORA.password);
    await dora.page.getByRole('heading', { name: 'Atendimentos', level: 1 }).waitFor();
    // Her socket is up: the server counts her online.
    await expect
      .poll(async () => (await overview()).agents.find((agent) => agent.userId === doraId)?.status, LIVE)
      .toBe('online');

    const answer = await customerWrites(e2e, instanceId, secret, {
      ...FIRST,
      body: 'Oi, preciso de ajuda com meu pedido',
    });
    expect(answer.status).toBe(200);

    // The toast: the customer, the reason, and a way to open the conversation.
    const notice = toast(dora.page, 'Novo atendimento para você');
    await notice.filter({ hasText: FIRST.name }).waitFor(LIVE);
    const text = await notice.innerText();
    expect(text).toMatch(/Atribuído a Dora Distribuição \(menos atendimentos\): 1\/1 atendimentos, online/);
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    await settle(dora.page);
    await dora.page.screenshot({ path: join(SCREENSHOTS_DIR, '23-assigned-toast-desktop.png') });

    // The server gave it to her, and to nobody else.
    const [mine] = await tickets('open');
    expect(mine).toMatchObject({ customer: { name: FIRST.name }, assignedUser: { id: doraId } });

    // Her "Meus" lists it.
    await dora.page.getByRole('tab', { name: /Meus/ }).click();
    await dora.page.locator('a[data-ticket-id]').filter({ hasText: FIRST.name }).waitFor();

    // "Abrir conversa": the conversation shows the line saying why.
    await notice.getByRole('button', { name: `Abrir conversa com ${FIRST.name}` }).click();
    await dora.page.getByRole('heading', { name: FIRST.name, exact: true }).first().waitFor();
    // Beside "Meus", where it is now.
    expect(new URL(dora.page.url()).searchParams.get('tab')).toBe('mine');
    expect(await dora.page.getByRole('tab', { name: /Meus/ }).getAttribute('aria-selected')).toBe('true');
    await dora.page
      .locator('[data-kind="note"]')
      .filter({ hasText: /Atribuído a Dora Distribuição \(menos atendimentos\): 1\/1 atendimentos/ })
      .waitFor();
    await notice.waitFor({ state: 'detached' });
    await shots(dora.page, '23-assigned-conversation');

    // The administrator's screen follows without a reload: she holds 1 of 1, full.
    const row = doraRow(admin.page);
    await row.filter({ hasText: '1 de 1 atendimento' }).waitFor(LIVE);
    expect(await row.innerText()).toMatch(/Disponível[\s\S]*1 de 1 atendimento[\s\S]*Lotado/);
    expect(dora.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  it('Ausente from the header: shown live; with room given back, a new ticket still waits for nobody', async () => {
    const { page } = admin;
    // She goes Ausente (no reason) from the header's status menu.
    await dora.page.getByRole('button', { name: /^Status: / }).click();
    const statusSet = putAnswer(dora.page, '/api/auth/status');
    await dora.page.getByRole('menuitemradio', { name: /^Ausente/ }).click();
    const dialog = dora.page.getByRole('dialog', { name: 'Ficar ausente' });
    await dialog.getByRole('button', { name: 'Sem motivo' }).click();
    expect((await statusSet).status()).toBe(200);
    await dora.page.getByRole('button', { name: /^Status: Ausente/ }).waitFor();

    const row = doraRow(page);
    await row.filter({ hasText: 'Ausente' }).waitFor(LIVE);

    // Room of her own (2): she would get the next ticket if she were available.
    const own = row.getByRole('textbox', { name: `Capacidade própria de ${DORA.name}` });
    await own.fill('2');
    const capacitySet = putAnswer(page, `/api/distribution/agents/${doraId}`);
    await row.getByRole('button', { name: `Salvar a capacidade de ${DORA.name}` }).click();
    const saved = await capacitySet;
    expect(saved.request().postDataJSON()).toEqual({ capacity: 2 });
    expect(await saved.json()).toMatchObject({
      userId: doraId,
      capacity: 2,
      effectiveCapacity: 2,
      openTickets: 1,
      status: 'ausente',
    });
    await row.filter({ hasText: '1 de 2 atendimentos' }).waitFor();
    await closeToast(page, 'Capacidade salva');

    const answer = await customerWrites(e2e, instanceId, secret, { ...SECOND, body: 'Alguém pode me atender?' });
    expect(answer.status).toBe(200);
    await expect
      .poll(async () => (await tickets('pending')).map((ticket) => ticket.customer.name), LIVE)
      .toContain(SECOND.name);
    // Give the distribution every chance to run (it is queued with the ticket): still nobody's.
    await page.waitForTimeout(3_000);
    const waiting = (await tickets('pending')).find((ticket) => ticket.customer.name === SECOND.name);
    expect(waiting).toMatchObject({ status: 'pending', assignedUser: null });
    expect((await tickets('open')).map((ticket) => ticket.customer.name)).toEqual([FIRST.name]);
    expect(await toast(dora.page, 'Novo atendimento para você').count()).toBe(0);

    // Her department's capacity again (null): "1 de 1", Ausente.
    const restored = putAnswer(page, `/api/distribution/agents/${doraId}`);
    await row.getByRole('button', { name: 'Usar a do departamento' }).click();
    expect((await restored).request().postDataJSON()).toEqual({ capacity: null });
    await row.filter({ hasText: '1 de 1 atendimento' }).waitFor();
    await closeToast(page, 'Capacidade salva');
    expect(await row.innerText()).toMatch(/Ausente[\s\S]*1 de 1 atendimento[\s\S]*Lotado/);
    expect(await own.inputValue()).toBe('');
    await settle(page);
    await shots(page, '23-distribution');

    // The users list says Ausente too.
    await mainNav(page).getByRole('link', { name: 'Usuários' }).click();
    await waitForPath(page, '/users');
    await page.getByRole('textbox', { name: 'Buscar usuários' }).fill(DORA.email);
    await page.getByTestId(`user-row-${doraId}`).filter({ hasText: 'Ausente' }).waitFor();
    expect(dora.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  it('offers by request: 60 s set on the screen; the attendant accepts the "Oferta da distribuição"', async () => {
    const { page } = admin;
    // Room for one new ticket: the waiting one and hers are closed (as the administrator; she is
    // still Ausente, so nothing is given meanwhile).
    const reasons = await inboxCall<{ id: number }[]>(e2e, 'GET', '/api/closing-reasons?active=true', undefined, token);
    for (const ticket of [...(await tickets('pending')), ...(await tickets('open'))]) {
      await inboxCall(e2e, 'POST', `/api/tickets/${ticket.id}/close`, { closingReasonId: reasons[0]?.id }, token);
    }
    await expect.poll(async () => (await tickets('open')).length).toBe(0);

    await mainNav(page).getByRole('link', { name: 'Distribuição' }).click();
    await waitForPath(page, '/distribution');
    const row = noDepartmentRow(page);
    const toggle = row.getByRole('switch', { name: 'Oferecer antes de atribuir em Sem departamento' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check({ force: true });
    const seconds = row.getByRole('textbox', { name: 'Segundos para aceitar a oferta em Sem departamento' });
    expect(await seconds.inputValue()).toBe('60 s');
    // Out of 5–600: refused before anything is sent.
    await seconds.fill('3');
    await row.getByRole('button', { name: 'Salvar Sem departamento' }).click();
    await row
      .getByText('Tempo da oferta inválido: de 5 a 600 segundos, ou desligue a oferta para atribuir direto.')
      .waitFor();
    expect(await seconds.getAttribute('aria-invalid')).toBe('true');
    await shots(page, '23-distribution-offer-error');

    await seconds.fill('60');
    const answered = putAnswer(page, '/api/distribution/policies');
    await row.getByRole('button', { name: 'Salvar Sem departamento' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      departmentId: null,
      strategy: 'balanced',
      capacity: 1,
      offerSeconds: 60,
    });
    expect(await response.json()).toMatchObject({ departmentId: null, strategy: 'balanced', offerSeconds: 60 });
    await toast(page, 'Distribuição salva').filter({ hasText: 'quem recebe tem 60 s para aceitar' }).waitFor();
    await expect.poll(() => row.getByRole('button', { name: 'Salvar Sem departamento' }).isDisabled()).toBe(true);
    await closeToast(page, 'Distribuição salva');
    expect((await overview()).policies.find((policy) => policy.departmentId === null)?.offerSeconds).toBe(60);
    await shots(page, '23-distribution-offer');

    // She is back Disponível, with room for one.
    await dora.page.getByRole('button', { name: /^Status: / }).click();
    const statusSet = putAnswer(dora.page, '/api/auth/status');
    await dora.page.getByRole('menuitemradio', { name: /^Disponível/ }).click();
    expect((await statusSet).status()).toBe(200);
    await expect
      .poll(async () => (await overview()).agents.find((agent) => agent.userId === doraId)?.status, LIVE)
      .toBe('online');

    const answer = await customerWrites(e2e, instanceId, secret, { ...THIRD, body: 'Boa tarde, quero trocar um item' });
    expect(answer.status).toBe(200);
    // Offered, not given: hers while it waits, `transferring`.
    await expect
      .poll(async () => (await tickets('transferring')).map((ticket) => ticket.customer.name), LIVE)
      .toEqual([THIRD.name]);
    const [offered] = await tickets('transferring');
    expect(offered).toMatchObject({ status: 'transferring', assignedUser: { id: doraId } });
    const started = Date.now();

    // She is told: an offer, with its time.
    await toast(dora.page, 'Oferta da distribuição')
      .filter({ hasText: `O atendimento de ${THIRD.name}` })
      .filter({ hasText: 'aceite em até 60 s' })
      .waitFor(LIVE);
    expect(await toast(dora.page, 'Novo atendimento para você').count()).toBe(0);
    // Under "Em transferência" (her "Meus" counts it too).
    const transferringTab = dora.page.getByRole('tab', { name: /Em transferência/ });
    await transferringTab.click();
    await expect.poll(() => transferringTab.getAttribute('aria-selected')).toBe('true');
    await dora.page.locator('a[data-ticket-id]').filter({ hasText: THIRD.name }).click();
    const conversation = dora.page.getByRole('region', { name: 'Conversa' });
    await conversation.getByRole('heading', { name: THIRD.name, exact: true }).waitFor();
    await expect.poll(() => new URL(dora.page.url()).searchParams.get('tab')).toBe('transferring');
    const card = conversation.getByTestId('transfer-banner');
    await card.getByText('Oferta da distribuição', { exact: true }).waitFor();
    expect(await card.getAttribute('data-offer')).toBe('true');
    expect(await card.innerText()).not.toMatch(/quer transferir/);
    // Whole seconds, rounded up: "1:00" in the offer's first second, then "0:59"….
    expect(await card.getByRole('timer').innerText()).toMatch(/^aceite em (1:00|0:[0-5]\d)$/);
    // The conversation says why her, and for how long.
    await conversation
      .locator('[data-kind="note"]')
      .filter({
        hasText: /Oferecido a Dora Distribuição \(menos atendimentos\): 1\/1 atendimentos, .* aceite em até 60 s/,
      })
      .waitFor();
    // The countdown runs.
    const shown = await card.getByRole('timer').innerText();
    await expect.poll(() => card.getByRole('timer').innerText()).not.toBe(shown);
    await closeToast(dora.page, 'Oferta da distribuição');
    await shots(dora.page, '23-offer');
    // All that within the offer's minute.
    expect(Date.now() - started).toBeLessThan(50_000);

    // She accepts: it is hers, open.
    const accepted = dora.page.waitForResponse((response) => /\/api\/transfers\/\d+\/accept$/.test(response.url()));
    await card.getByRole('button', { name: 'Aceitar oferta' }).click();
    expect((await accepted).status()).toBe(200);
    await toast(dora.page, 'Oferta aceita')
      .filter({ hasText: `Agora ${THIRD.name} é seu.` })
      .waitFor();
    await card.waitFor({ state: 'detached' });
    await conversation.getByRole('textbox', { name: 'Mensagem' }).waitFor();
    const [mine] = await tickets('open');
    expect(mine).toMatchObject({ customer: { name: THIRD.name }, status: 'open', assignedUser: { id: doraId } });
    expect(await tickets('transferring')).toEqual([]);
    // The administrator's screen: she holds 1 of 1.
    await doraRow(page).filter({ hasText: '1 de 1 atendimento' }).waitFor(LIVE);
    expect(dora.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
