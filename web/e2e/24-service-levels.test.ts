/**
 * Service levels (docs/service-levels.md#sla-policies) in two real browsers against the real server:
 * the inbox tenant's administrator opens "Níveis de serviço", starts the company's calendar from
 * "Sem horário definido" with "Segunda a sexta, 8h às 18h", opens every day 00:00–23:59 (the SLA
 * counts only open time: the test must run while the company is open) with a holiday a year away,
 * and gives the default a first-response target of 1 minute — all through the screen. A customer
 * writes to the file's own number: the ticket enters the queue with its clock running. The control
 * panel, open in a second page, lists it under "Prestes a estourar" once 80 % of the minute has
 * passed (~48 s) — "Em risco" — then "SLA estourado" at the minute, live, without a reload; the
 * breach is also toasted to whoever watches the control panel ("Abrir conversa" opens the
 * conversation, whose header says it), and the queue's row carries the badge.
 *
 * Screenshots at 1280 and 390 px, light and dark (`24-*.png`), with axe-core: no serious or
 * critical violation. Runs on an instance of its own; the calendar and the default targets are put
 * back as they were at the end (the file's ticket ends breached: its clock has nothing left to
 * tell), and so are the tenant's `analytics` option and the administrador's control panel route
 * when this file had to give them.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorToken, setTenantFeature, tenantFeatures, type Role } from './support/api';
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
import { fitsAPhone, shots } from './support/shots';

const e2e = inject('e2e');
const CUSTOMER = { phone: '+55 31 94444-2424', name: 'Rita Prazo' };
const WEEKDAYS = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;
/** A year away: never today, whatever day the suite runs. */
const HOLIDAY = `${new Date().getUTCFullYear() + 1}-12-25`;
/** The SLA job settles the state at its instant; the socket and the card's refresh follow. */
const AT_RISK = { timeout: 100_000 };
const BREACHED = { timeout: 60_000 };
const SCREENSHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

interface CalendarAnswer {
  businessHours: { weekday: number; start: string; end: string }[];
  holidays: string[];
  updatedAt: string | null;
}
interface PolicyAnswer {
  departmentId: number | null;
  departmentName: string | null;
  activated: boolean;
  own: boolean;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
  pauseOnCustomer: boolean;
}
interface TicketAnswer {
  id: number;
  protocol: string;
  status: string;
  customer: { name: string };
  sla: { state: string; responseDueAt: string | null; responded: boolean } | null;
}

let browser: Browser;
let provider: FakeProvider;
let secret: string;
let token: string;
let instanceId: number;
/** What this file changes, as it was (put back in `afterAll`). */
let calendarBefore: CalendarAnswer | undefined;
let defaultBefore: PolicyAnswer | undefined;
let analyticsWasOn: boolean | null = null;
let adminRoleBefore: Role | undefined;
let admin: UserPage;
let panel: UserPage;

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  secret = newWebhookSecret();
  token = await inboxAdminToken(e2e);
  instanceId = await inboxInstance(e2e, token, 'WhatsApp Prazos', provider, secret);
  // The control panel is a dashboard of the `analytics` option.
  const operator = await operatorToken(e2e);
  analyticsWasOn =
    (await tenantFeatures(e2e, operator, e2e.inbox.tenant)).find((feature) => feature.option === 'analytics')
      ?.enabled ?? false;
  if (!analyticsWasOn) await setTenantFeature(e2e, operator, e2e.inbox.tenant, 'analytics', true);
  const roles = await inboxCall<Role[]>(e2e, 'GET', '/api/permission', undefined, token);
  const administrador = roles.find((role) => role.name === 'administrador');
  if (!administrador) throw new Error('no administrador role');
  if (!administrador.has_permission_routes.includes('dashboard-control-panel')) {
    adminRoleBefore = administrador;
    await inboxCall(
      e2e,
      'POST',
      '/api/permission/update',
      {
        roleId: administrador.id,
        permissions: [...administrador.has_permission_routes, 'dashboard-control-panel'],
        requireTwoFactor: administrador.require_two_factor,
      },
      token,
    );
  }
  calendarBefore = await inboxCall<CalendarAnswer>(e2e, 'GET', '/api/calendar', undefined, token);
  defaultBefore = (await inboxCall<{ policies: PolicyAnswer[] }>(e2e, 'GET', '/api/sla', undefined, token)).policies[0];
  // The screen starts from nothing: no hours (always open), no targets.
  await inboxCall(e2e, 'PUT', '/api/calendar', { businessHours: [], holidays: [] }, token);
  await inboxCall(
    e2e,
    'PUT',
    '/api/sla/policies',
    { departmentId: null, firstResponseMinutes: null, resolutionMinutes: null, pauseOnCustomer: false },
    token,
  );
});

afterAll(async () => {
  await admin?.context.close();
  await panel?.context.close();
  await browser?.close();
  await provider?.close();
  if (token && defaultBefore) {
    await inboxCall(
      e2e,
      'PUT',
      '/api/sla/policies',
      {
        departmentId: null,
        firstResponseMinutes: defaultBefore.firstResponseMinutes,
        resolutionMinutes: defaultBefore.resolutionMinutes,
        pauseOnCustomer: defaultBefore.pauseOnCustomer,
      },
      token,
    );
  }
  if (token && calendarBefore) {
    await inboxCall(
      e2e,
      'PUT',
      '/api/calendar',
      { businessHours: calendarBefore.businessHours, holidays: calendarBefore.holidays },
      token,
    );
  }
  if (token && adminRoleBefore) {
    await inboxCall(
      e2e,
      'POST',
      '/api/permission/update',
      {
        roleId: adminRoleBefore.id,
        permissions: adminRoleBefore.has_permission_routes,
        requireTwoFactor: adminRoleBefore.require_two_factor,
      },
      token,
    );
  }
  if (analyticsWasOn === false) {
    await setTenantFeature(e2e, await operatorToken(e2e), e2e.inbox.tenant, 'analytics', false);
  }
});

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
  await notice.waitFor({ state: 'detached', timeout: 20_000 });
}

/** A time box of the week: `Segunda-feira, início do intervalo`. */
function timeBox(page: Page, day: string, which: 'início' | 'fim'): Locator {
  return page.getByRole('textbox', { name: `${day}, ${which} do intervalo`, exact: true });
}

/** "Prestes a estourar" on the control panel. */
function atRiskCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Prestes a estourar' });
}

/** The file's ticket as the administrator sees it. */
async function fileTicket(): Promise<TicketAnswer | undefined> {
  const list = await inboxCall<{ data: TicketAnswer[] }>(
    e2e,
    'GET',
    `/api/tickets?status=pending&instanceId=${instanceId}&limit=10`,
    undefined,
    token,
  );
  return list.data.find((ticket) => ticket.customer.name === CUSTOMER.name);
}

describe('service levels', () => {
  it('the administrator sets the hours and a default first-response target of 1 minute on "Níveis de serviço"', async () => {
    admin = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    // Right after "Distribuição" in the menu.
    const links = await mainNav(page)
      .getByRole('link')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => (anchor.getAttribute('aria-label') ?? anchor.textContent ?? '').trim()),
      );
    expect(links.slice(links.indexOf('Distribuição'), links.indexOf('Distribuição') + 2)).toEqual([
      'Distribuição',
      'Níveis de serviço',
    ]);
    await mainNav(page).getByRole('link', { name: 'Níveis de serviço' }).click();
    await waitForPath(page, '/service-levels');
    await page.getByRole('heading', { name: 'Níveis de serviço', level: 1 }).waitFor();
    expect(await page.title()).toBe('Níveis de serviço · Back-office');

    const calendar = page.getByRole('region', { name: 'Horário de atendimento' });
    const empty = calendar.getByTestId('always-open');
    await empty.getByText('Sem horário definido').waitFor();
    expect(await empty.innerText()).toContain('A empresa é considerada sempre aberta');
    await page.getByRole('region', { name: 'Metas de atendimento (SLA)' }).waitFor();
    await shots(page, '24-service-levels-empty');

    // The quick start, then the weekend, then every day open all day.
    await empty.getByRole('button', { name: 'Segunda a sexta, 8h às 18h' }).click();
    await empty.waitFor({ state: 'detached' });
    expect(await timeBox(page, 'Segunda-feira', 'início').inputValue()).toBe('08:00');
    await page.getByRole('button', { name: 'Adicionar intervalo em Domingo' }).click();
    await page.getByRole('button', { name: 'Adicionar intervalo em Sábado' }).click();
    for (const day of WEEKDAYS) {
      const start = timeBox(page, day, 'início');
      await start.fill('0000');
      await start.press('Tab');
      const end = timeBox(page, day, 'fim');
      await end.fill('23:59');
      await end.press('Tab');
      expect(await start.inputValue(), day).toBe('00:00');
      expect(await end.inputValue(), day).toBe('23:59');
    }
    await page.getByRole('button', { name: 'Adicionar feriado' }).click();
    const holiday = page.getByRole('textbox', { name: 'Feriado 1' });
    await holiday.fill(HOLIDAY.split('-').reverse().join('/'));
    await holiday.press('Tab');
    await calendar.getByText('Alterações não salvas').waitFor();

    const calendarSaved = putAnswer(page, '/api/calendar');
    await calendar.getByRole('button', { name: 'Salvar horário' }).click();
    const calendarAnswer = await calendarSaved;
    expect(calendarAnswer.status(), await calendarAnswer.text()).toBe(200);
    const allDay = WEEKDAYS.map((_, weekday) => ({ weekday, start: '00:00', end: '23:59' }));
    expect(calendarAnswer.request().postDataJSON()).toEqual({ businessHours: allDay, holidays: [HOLIDAY] });
    expect(await calendarAnswer.json()).toMatchObject({ businessHours: allDay, holidays: [HOLIDAY] });
    await toast(page, 'Horário de atendimento salvo').waitFor();
    await calendar.getByText(/^Salvo em /).waitFor();
    await closeToast(page, 'Horário de atendimento salvo');

    // The default: a first response within 1 minute of open time, no resolution target.
    const row = page.getByTestId('sla-row-default');
    await row.getByRole('textbox', { name: 'Minutos para primeira resposta em Padrão da empresa' }).fill('1');
    const policySaved = putAnswer(page, '/api/sla/policies');
    await row.getByRole('button', { name: 'Salvar metas de Padrão da empresa' }).click();
    const policyAnswer = await policySaved;
    expect(policyAnswer.status(), await policyAnswer.text()).toBe(200);
    expect(policyAnswer.request().postDataJSON()).toEqual({
      departmentId: null,
      firstResponseMinutes: 1,
      resolutionMinutes: null,
      pauseOnCustomer: false,
    });
    expect(await policyAnswer.json()).toMatchObject({ departmentId: null, own: true, firstResponseMinutes: 1 });
    await toast(page, 'Metas salvas').filter({ hasText: 'Padrão da empresa: primeira resposta em 1 min' }).waitFor();
    await expect
      .poll(() => row.getByRole('button', { name: 'Salvar metas de Padrão da empresa' }).isDisabled())
      .toBe(true);
    await closeToast(page, 'Metas salvas');
    await fitsAPhone(page);
    await shots(page, '24-service-levels');
    expect(admin.errors).toEqual([]);
  });

  it('a customer writes: the control panel shows the ticket "Em risco", then "SLA estourado", live', async () => {
    panel = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = panel;
    await logIn(page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    await page.goto('/dashboard/control-panel');
    await page.getByRole('heading', { name: 'Painel de controle', level: 1 }).waitFor();
    const card = atRiskCard(page);
    await card.getByText('Nenhum atendimento em risco').waitFor();
    // Anything that reloads the page loses this mark.
    await page.evaluate(() => {
      (window as unknown as { slaMark?: boolean }).slaMark = true;
    });

    const written = Date.now();
    const answer = await customerWrites(e2e, instanceId, secret, { ...CUSTOMER, body: 'Meu pedido não chegou' });
    expect(answer.status).toBe(200);
    // The ticket waits in the queue with its clock running: a minute to the first response.
    await expect.poll(async () => (await fileTicket())?.sla?.state, { timeout: 15_000 }).toBe('on_time');
    const ticket = await fileTicket();
    expect(ticket?.sla?.responseDueAt).toBeTruthy();
    expect(ticket?.sla?.responded).toBe(false);
    // Not at risk before 80 % of the minute.
    await page.waitForTimeout(20_000);
    expect(await card.getByText('Nenhum atendimento em risco').isVisible()).toBe(true);

    // ~48 s: at risk, listed without a reload.
    const item = card.getByRole('listitem').filter({ hasText: CUSTOMER.name });
    await item.filter({ hasText: 'Em risco' }).waitFor(AT_RISK);
    const atRiskAfter = Date.now() - written;
    expect(atRiskAfter).toBeGreaterThan(40_000);
    const atRiskText = await item.innerText();
    expect(atRiskText).toContain(`Protocolo ${ticket?.protocol ?? '?'}`);
    expect(atRiskText).toContain('Na fila');
    expect(atRiskText).toMatch(/Resposta vence em (menos de 1 min|\d+ min)/);
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS_DIR, '24-control-panel-at-risk-live-desktop.png'), fullPage: true });

    // 60 s: breached, still without a reload.
    await item.filter({ hasText: 'SLA estourado' }).waitFor(BREACHED);
    expect(Date.now() - written).toBeGreaterThan(55_000);
    expect(await item.innerText()).toMatch(/Resposta estourou (agora|há \d+ min)/);
    expect(await page.evaluate(() => (window as unknown as { slaMark?: boolean }).slaMark)).toBe(true);
    expect((await fileTicket())?.sla?.state).toBe('breached');

    // Whoever watches the control panel is told, with a way to the conversation.
    const notice = toast(page, `SLA estourado — ${CUSTOMER.name} (protocolo ${ticket?.protocol ?? '?'})`);
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.innerText()).toContain('A primeira resposta passou do prazo. Na fila.');
    await notice.hover();
    await page.screenshot({ path: join(SCREENSHOTS_DIR, '24-control-panel-breached-toast-desktop.png') });
    await notice.getByRole('button', { name: `Abrir conversa com ${CUSTOMER.name}` }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('ticket') === String(ticket?.id));
    const header = page.getByTestId('sla-status');
    await header.getByTestId('sla-badge').filter({ hasText: 'SLA estourado' }).waitFor();
    expect(await header.innerText()).toMatch(/Resposta venceu às \d{2}:\d{2}/);
    // The queue's row says it too (waiting: "Aguardando").
    const row = page.locator('a[data-ticket-id]').filter({ hasText: CUSTOMER.name });
    expect(await row.getByTestId('sla-badge').innerText()).toContain('SLA estourado');
    await closeToast(page, 'SLA estourado');
    await shots(page, '24-inbox-breached');

    // Back on the control panel: the card as it stands.
    await page.goto('/dashboard/control-panel');
    await atRiskCard(page).getByRole('listitem').filter({ hasText: CUSTOMER.name }).waitFor();
    await fitsAPhone(page);
    await shots(page, '24-control-panel-at-risk');
    expect(panel.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  }, 300_000);
});
