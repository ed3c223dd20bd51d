/**
 * The dashboards and reports (docs/analytics.md, docs/contracts.md#screens-and-routes) against the
 * real server, in the tenant `demo` that `backoffice-cli seed demo` filled with a month of history
 * and whose analytics it synced (e2e/global-setup.ts): each of the six routes shows real figures,
 * charts and tables from that data (never "Em breve"), a figure opens the tickets behind it, the
 * control panel counts a customer who writes (a provider event) and answers the demo's chatbot
 * menu (it holds new tickets until then) without a reload, the
 * productivity table sorts and shows each agent's SLA attainment with its sample (as the analytics
 * dashboard shows the period's), the sheets download as `.xlsx` (zip files: they start with "PK"), a
 * tenant without the `reports` option gets the server's message, and an operator syncs the tenant's
 * analytics from the tenants screen.
 *
 * Screenshots of each screen at 1280 and 390 px, light and dark (`07-*-{desktop,mobile}[-dark].png`
 * in e2e/screenshots/), and axe-core (no serious or critical violation) in each.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorToken, send } from './support/api';
import { shots } from './support/shots';
import { launchBrowser, logIn, mainNav, openPage, waitForPath, type UserPage } from './support/browser';
import { customerWrites, newWebhookSecret, startFakeProvider, type FakeProvider } from './support/inbox';

const e2e = inject('e2e');

let browser: Browser;
/** The demo tenant's administrator, one page for the whole file (tests build on each other). */
let admin: UserPage;

/** The button of a dashboard figure (`Tickets abertos: 412. Ver os tickets`). */
function figure(page: Page, label: string): Locator {
  return page.getByRole('button', { name: new RegExp(`^${label}: [\\d.]+\\. Ver os tickets$`) });
}

/** The number a figure's button says (`412`, `1.234` → 1234). */
async function valueOf(button: Locator): Promise<number> {
  const name = (await button.getAttribute('aria-label')) ?? '';
  const match = /: ([\d.]+)\./.exec(name);
  return match?.[1] ? Number(match[1].replace(/\./g, '')) : Number.NaN;
}

/** Clicks `button` and returns the file the browser saved: its name and its first bytes. */
async function download(page: Page, button: Locator): Promise<{ name: string; head: string; size: number }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), button.click()]);
  const path = await file.path();
  const bytes = readFileSync(path);
  return { name: file.suggestedFilename(), head: bytes.subarray(0, 2).toString('latin1'), size: bytes.length };
}

/** São Paulo's today, `YYYY-MM-DD`. */
function spToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

/** `2026-11-05` → `05/11/2026`, as the date fields show and take it. */
function brDay(day: string): string {
  return day.split('-').reverse().join('/');
}

/** The same day `months` months away (the 1st of a month stays the 1st), `YYYY-MM-DD`. */
function addMonths(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 8)}01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** The screen has nothing of the "Em breve" placeholder. */
async function expectBuilt(page: Page): Promise<void> {
  expect(await page.getByRole('heading', { name: 'Em breve' }).count()).toBe(0);
  expect(await page.getByText('Em breve', { exact: true }).count()).toBe(0);
}

async function setDemoFeature(option: string, enabled: boolean): Promise<void> {
  const answer = await send(
    e2e,
    'POST',
    '/api/tenant/feature',
    { option, enabled, tenantName: e2e.demo.tenant },
    await operatorToken(e2e),
    { origin: e2e.backofficeUrl },
  );
  if (answer.status !== 200) throw new Error(`feature ${option} → ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** An access token of the demo tenant's administrator. */
async function demoAdminToken(): Promise<string> {
  const login = await send(
    e2e,
    'POST',
    '/api/auth/login',
    {
      email: e2e.demo.admin.email,
      password: e2e.demo.admin.password,
      ip: null,
    },
    undefined,
    { origin: e2e.demo.baseUrl },
  );
  if (login.status !== 200) throw new Error(`demo login → ${login.status}: ${JSON.stringify(login.body)}`);
  return (login.body as { access_token: string }).access_token;
}

/** Polls the API as the demo administrator until the report answers `status` (feature caches). */
async function waitForReportStatus(status: number): Promise<void> {
  const token = await demoAdminToken();
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await send(e2e, 'POST', '/api/dashboard-report', { start_at: null, finish_at: null }, token, {
      origin: e2e.demo.baseUrl,
    });
    if (answer.status === status) return;
    if (Date.now() > deadline) throw new Error(`POST /api/dashboard-report → ${answer.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Whether the tenant's `reports` option was switched off by this file (put back in afterAll). */
let reportsOff = false;
/** The provider of a demo instance, for the customer who writes while the control panel is open. */
let provider: FakeProvider | undefined;
/** That instance and its provider's webhook secret. */
let live: { instance: { id: number; name: string }; secret: string } | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  // A seeded instance gets a provider (the fake one), whose events the server then accepts: set
  // before the administrator logs in, so the "Instância atualizada" notice is not on the screens.
  provider = await startFakeProvider();
  const secret = newWebhookSecret();
  const token = await demoAdminToken();
  const origin = { origin: e2e.demo.baseUrl };
  const instances = await send(e2e, 'GET', '/api/instance', undefined, token, origin);
  if (instances.status !== 200) throw new Error(`GET /api/instance → ${instances.status}`);
  const instance = (instances.body as { id: number; name: string }[])[0];
  if (!instance) throw new Error('the demo tenant has no instance');
  const updated = await send(
    e2e,
    'POST',
    '/api/instance/update',
    { id: instance.id, providerBaseUrl: provider.url, providerSecret: secret },
    token,
    origin,
  );
  if (updated.status !== 200) throw new Error(`instance update → ${updated.status}: ${JSON.stringify(updated.body)}`);
  live = { instance, secret };
});
afterAll(async () => {
  if (reportsOff) await setDemoFeature('reports', true);
  await admin?.context.close();
  await browser?.close();
  await provider?.close();
});

describe('dashboards and reports', () => {
  it('the analytics dashboard shows the seeded month: figures, charts, the heat map and the drill-down', async () => {
    admin = await openPage(browser, e2e.demo.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.demo.admin.email, e2e.demo.admin.password);
    await mainNav(page).getByRole('link', { name: 'Analytics' }).click();
    await waitForPath(page, '/dashboard/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await expectBuilt(page);

    // The default period is the last 30 days, which the seed's history fills.
    const opened = figure(page, 'Tickets abertos');
    await opened.waitFor();
    expect(await valueOf(opened)).toBeGreaterThan(0);
    expect(await valueOf(figure(page, 'Tickets encerrados'))).toBeGreaterThan(0);
    await page.getByText(/^Dados atualizados em \d{2}\/\d{2}\/\d{4}/).waitFor();
    // Drawn charts (recharts' SVG), each with its text alternative.
    await page.locator('.recharts-surface').first().waitFor();
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByRole('img', { name: /tickets abertos e .* encerrados/ }).count()).toBe(1);
    // The hour-of-week grid: 7 × 24 named cells, the busiest at the top level.
    const heatmap = page.getByRole('table', { name: /Tickets abertos por dia da semana e hora/ });
    expect(await heatmap.getByRole('cell', { name: /tickets?$/ }).count()).toBe(7 * 24);
    expect(await heatmap.locator('td[data-level="4"]').count()).toBeGreaterThanOrEqual(1);
    // The seed's default SLA (30 min / 8 h) over its closed tickets: each attainment as a share with
    // its sample (`92,3 %`, `n = 130 · 120 dentro da meta`).
    for (const sla of ['slaResponse', 'slaResolution']) {
      const card = page.locator(`[data-figure="${sla}"]`);
      expect(await card.innerText(), sla).toMatch(/\d{1,3},\d %[\s\S]*n = [\d.]+ · [\d.]+ dentro da meta/);
    }
    await shots(page, '07-analytics');

    // The tickets behind "Tickets abertos": as many as the figure says, 50 a page.
    const total = await valueOf(opened);
    await opened.click();
    const drawer = page.getByRole('dialog', { name: /^Tickets abertos · / });
    await drawer.getByText(/tickets? mostrados?/).waitFor();
    const shown = () => drawer.getByText(/^(\d+) tickets? mostrados?/).innerText();
    expect(await shown()).toMatch(new RegExp(`^${Math.min(total, 50)} `));
    if (total > 50) {
      await drawer.getByRole('button', { name: 'Carregar mais' }).click();
      await drawer.getByText(new RegExp(`^${Math.min(total, 100)} tickets mostrados`)).waitFor();
    }
    await shots(page, '07-analytics-tickets');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // One instance: the server is asked with its id and the figure can only shrink.
    const answer = page.waitForResponse(
      (response) => response.url().includes('/api/dashboard/analytics') && response.url().includes('instanceId='),
    );
    await page.getByRole('combobox', { name: 'Instância' }).click();
    await page.getByRole('option').filter({ hasNotText: 'Todas as instâncias' }).first().click();
    expect((await answer).status()).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(await valueOf(figure(page, 'Tickets abertos'))).toBeLessThanOrEqual(total);
    expect(new URL(page.url()).searchParams.get('instanceId')).toMatch(/^\d+$/);
    expect(admin.errors).toEqual([]);
  });

  it('the period is typed as DD/MM/AAAA or picked in a pt-BR calendar; the server still gets YYYY-MM-DD', async () => {
    const { page } = admin;
    await page.goto('/dashboard/analytics?preset=30d');
    await figure(page, 'Tickets abertos').waitFor();
    const from = page.getByRole('textbox', { name: 'De', exact: true });
    const to = page.getByRole('textbox', { name: 'Até', exact: true });
    // The preset's days, shown the pt_BR way.
    expect(await from.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(await to.inputValue()).toBe(brDay(spToday()));

    // The calendar: pt-BR months and weekdays, weeks from Sunday.
    await from.click();
    const calendar = page.locator('[data-dates-dropdown]');
    await calendar.waitFor();
    expect(await calendar.locator('thead th').allTextContents()).toEqual(['Do', '2ª', '3ª', '4ª', '5ª', '6ª', 'Sá']);
    const month = await calendar
      .getByRole('button', { name: /^\p{L}+ \d{4}$/u })
      .first()
      .textContent();
    expect(month).toMatch(
      /^(janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro) \d{4}$/,
    );
    await shots(page, '07-period-calendar');
    await from.press('Tab');

    // Typed: the first day of last month to today; the request carries the ISO days.
    const first = `${addMonths(spToday(), -1).slice(0, 8)}01`;
    const answer = page.waitForResponse(
      (response) => response.url().includes('/api/dashboard/analytics') && response.url().includes(`from=${first}`),
    );
    await from.fill(brDay(first));
    await from.press('Tab');
    const url = new URL((await answer).url());
    expect(url.searchParams.get('from')).toBe(first);
    expect(url.searchParams.get('to')).toBe(spToday());
    expect(new URL(page.url()).searchParams.get('preset')).toBe('custom');
    expect(await from.inputValue()).toBe(brDay(first));
    // A day that does not exist is not taken: the field shows the last good one again.
    await from.fill('31/02/2026');
    await from.press('Tab');
    expect(await from.inputValue()).toBe(brDay(first));
    await shots(page, '07-analytics-custom-period');
    expect(admin.errors).toEqual([]);
  });

  it('the control panel shows the queue now: waiting, oldest wait, agents and instances', async () => {
    const { page } = admin;
    await page.goto('/dashboard/analytics');
    await page.getByRole('tab', { name: 'Painel de controle' }).click();
    await waitForPath(page, '/dashboard/control-panel');
    await page.getByRole('heading', { name: 'Painel de controle', level: 1 }).waitFor();
    await expectBuilt(page);
    await page.getByText(/^Ao vivo: atualizado às \d{2}:\d{2}/).waitFor();
    for (const label of [
      'Aguardando',
      'Maior espera',
      'Transferências pendentes',
      'Em atendimento',
      'Atendentes online',
    ]) {
      expect(await page.locator('[data-figure]').filter({ hasText: label }).count(), label).toBeGreaterThanOrEqual(1);
    }
    // The seed leaves tickets open with its agents: they are listed, and so are the instances.
    await page.getByRole('table', { name: 'Atendentes' }).waitFor();
    expect(await page.getByRole('table', { name: 'Atendentes' }).getByRole('row').count()).toBeGreaterThan(1);
    await page.getByRole('table', { name: 'Por instância' }).waitFor();
    // The administrator may change the waiting threshold.
    await page.getByRole('textbox', { name: /Destacar quem espera/ }).waitFor();
    await shots(page, '07-control-panel');
    expect(admin.errors).toEqual([]);
  });

  it('the control panel counts a customer who writes now, without a reload', async () => {
    const { page } = admin;
    await waitForPath(page, '/dashboard/control-panel');
    if (!live) throw new Error('no instance with a provider (beforeAll)');
    const { instance, secret } = live;

    const waiting = page.locator('[data-figure="waiting"]').getByText(/^[\d.]+$/);
    const count = async () => Number((await waiting.innerText()).replace(/\./g, ''));
    /** The instance's "Aguardando" in the "Por instância" table (absent: 0). */
    const instanceWaiting = () =>
      page
        .getByRole('table', { name: 'Por instância' })
        .locator('tbody tr')
        .evaluateAll((rows, name) => {
          const row = rows.find((tr) => tr.children[0]?.textContent === name);
          return Number((row?.children[1]?.textContent ?? '0').replace(/\./g, ''));
        }, instance.name);
    const before = await count();
    const instanceBefore = await instanceWaiting();
    // Gone if the page reloads.
    await page.evaluate(() => {
      (window as unknown as { e2eSamePage?: boolean }).e2eSamePage = true;
    });
    // The panel is read again when the socket says a ticket opened (not only every 30 s).
    const reread = page.waitForResponse((response) => response.url().includes('/api/dashboard/control-panel'), {
      timeout: 8_000,
    });
    const written = await customerWrites(
      e2e,
      instance.id,
      secret,
      { phone: '+55 31 96666-0707', name: 'Rita Ao Vivo', body: 'Boa tarde! Alguém pode me atender?' },
      e2e.demo.baseUrl,
    );
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect((await reread).status()).toBe(200);
    // The demo's chatbot is on (`backoffice-cli seed demo`): it holds the new ticket, out of the
    // queue, until the customer answers its menu; "1" (a department) puts it in the queue.
    const answered = await customerWrites(
      e2e,
      instance.id,
      secret,
      { phone: '+55 31 96666-0707', name: 'Rita Ao Vivo', body: '1' },
      e2e.demo.baseUrl,
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    await expect.poll(count, { timeout: 8_000 }).toBe(before + 1);
    expect(await instanceWaiting()).toBe(instanceBefore + 1);
    expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);
    expect(admin.errors).toEqual([]);
  });

  it('the Maria panel shows the chatbot’s real figures (zero until the bot exists) and says why', async () => {
    const { page } = admin;
    await page.getByRole('tab', { name: 'Painel Maria' }).click();
    await waitForPath(page, '/dashboard/maria-panel');
    await page.getByRole('heading', { name: 'Painel Maria', level: 1 }).waitFor();
    await expectBuilt(page);
    await page.locator('[data-figure]').filter({ hasText: 'Recebidos pelo chatbot' }).waitFor();
    // Enterprise has the chatbot option on, and the bot records nothing yet: the explanation shows.
    await page
      .getByText(/O chatbot Maria (ainda não está ativo|está ativo, mas não recebeu)/)
      .or(page.locator('.recharts-surface').first())
      .first()
      .waitFor();
    await shots(page, '07-maria-panel');
    expect(admin.errors).toEqual([]);
  });

  it('the productivity report lists the agents, sorts by a column and exports an .xlsx', async () => {
    const { page } = admin;
    await mainNav(page).getByRole('link', { name: 'Relatório de produtividade' }).click();
    await waitForPath(page, '/dashboard/produtivity-report');
    await page.getByRole('heading', { name: 'Relatório de produtividade', level: 1 }).waitFor();
    await expectBuilt(page);
    const table = page.getByRole('table', { name: /Produtividade por atendente/ });
    await table.waitFor();
    const rows = table.getByRole('row');
    expect(await rows.count()).toBeGreaterThan(2);

    await table.getByRole('button', { name: /^Atendidos/ }).click();
    await expect
      .poll(() => table.getByRole('columnheader', { name: /^Atendidos/ }).getAttribute('aria-sort'))
      .toBe('descending');
    const attended = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Number((tr.children[1]?.textContent ?? '').replace(/\./g, ''))));
    expect(attended).toEqual([...attended].sort((a, b) => b - a));
    // The SLA attainment per agent, with its sample (or "—" for an agent with no ticket under a target).
    const slaColumn = (await table.getByRole('columnheader').allInnerTexts()).findIndex((text) =>
      text.startsWith('SLA de 1ª resposta'),
    );
    expect(slaColumn).toBeGreaterThan(0);
    const slaCells = await table
      .locator('tbody tr')
      .evaluateAll((trs, column) => trs.map((tr) => tr.children[column]?.textContent ?? ''), slaColumn);
    expect(
      slaCells.some((cell) => /^\d{1,3},\d % · n = [\d.]+$/.test(cell)),
      slaCells.join(' | '),
    ).toBe(true);
    expect(
      slaCells.every((cell) => /^(\d{1,3},\d % · n = [\d.]+|—.+)$/.test(cell)),
      slaCells.join(' | '),
    ).toBe(true);

    const file = await download(page, page.getByRole('button', { name: 'Exportar xlsx' }));
    expect(file.head).toBe('PK');
    expect(file.name).toMatch(/\.xlsx$/);
    await shots(page, '07-productivity');

    // Sorted by the first-response attainment, best first: its column scrolls into view.
    await table.getByRole('button', { name: /^SLA de 1ª resposta/ }).click();
    await expect
      .poll(() => table.getByRole('columnheader', { name: /^SLA de 1ª resposta/ }).getAttribute('aria-sort'))
      .toBe('descending');
    await shots(page, '07-productivity-sla');
    expect(admin.errors).toEqual([]);
  });

  it('the report screen shows the login failures and downloads the sheets as .xlsx', async () => {
    const { page } = admin;
    await mainNav(page).getByRole('link', { name: 'Relatórios', exact: true }).click();
    await waitForPath(page, '/dashboard/report');
    await page.getByRole('heading', { name: 'Relatórios', level: 1 }).waitFor();
    await expectBuilt(page);
    // The seed records failed logins over the month: a total, a chart per day and the tables.
    await page.getByText(/^Falhas de login de \d{2}\/\d{2}\/\d{4}/).waitFor();
    await page.getByRole('img', { name: /falhas de login de/ }).waitFor();
    await page.getByRole('heading', { name: 'Por usuário' }).waitFor();
    await page.getByRole('heading', { name: /^Últimas falhas \(\d+\)$/ }).waitFor();

    const sheet = (title: string) => page.getByRole('region', { name: title, exact: true });
    const orders = await download(page, sheet('Pedidos').getByRole('button', { name: 'Baixar xlsx' }));
    expect(orders.head).toBe('PK');
    expect(orders.name).toMatch(/\.xlsx$/);
    const attendances = sheet('Atendimentos');
    await attendances.getByRole('switch', { name: /Estimar/ }).check();
    const estimated = await download(page, attendances.getByRole('button', { name: 'Baixar xlsx' }));
    expect(estimated.head).toBe('PK');
    const failures = await download(
      page,
      page.getByRole('region', { name: 'Falhas de login', exact: true }).getByRole('button', { name: 'Exportar xlsx' }),
    );
    expect(failures.head).toBe('PK');
    await shots(page, '07-report');
    expect(admin.errors).toEqual([]);
  });

  it('the smart report adds the highlights and the comparison with the previous period', async () => {
    const { page } = admin;
    await mainNav(page).getByRole('link', { name: 'Relatórios inteligentes' }).click();
    await waitForPath(page, '/dashboard/report-smart');
    await page.getByRole('heading', { name: 'Relatórios inteligentes', level: 1 }).waitFor();
    await expectBuilt(page);
    await page.getByRole('heading', { name: 'Destaques', level: 3 }).waitFor();
    await page
      .getByText(/(Horário mais movimentado|Dia com mais tickets abertos):/)
      .first()
      .waitFor();
    const comparison = page.getByRole('region', { name: /Comparação com o período anterior/ });
    expect(await comparison.getByRole('row').count()).toBeGreaterThanOrEqual(10);
    await shots(page, '07-report-smart');
    expect(admin.errors).toEqual([]);
  });

  it('a tenant without the reports option is told so by the report screen', async () => {
    const { page } = admin;
    reportsOff = true;
    await setDemoFeature('reports', false);
    try {
      await waitForReportStatus(403);
      await page.goto('/dashboard/report');
      await page.getByText('Recurso não disponível para esta empresa').first().waitFor();
      await expectBuilt(page);
      await shots(page, '07-report-feature-disabled');
    } finally {
      await setDemoFeature('reports', true);
      reportsOff = false;
    }
    await waitForReportStatus(200);
    // The 403 answers are the test's own doing; nothing else went wrong.
    expect(admin.errors).toEqual([]);
  });

  it('an operator syncs the tenant’s analytics from the tenants screen', async () => {
    const operator = await openPage(browser, e2e.backofficeUrl);
    const { page } = operator;
    await logIn(page, e2e.operator.email, e2e.operator.password);
    await mainNav(page).getByRole('link', { name: 'Tenants' }).click();
    await waitForPath(page, '/tenants');
    await page.getByRole('textbox', { name: 'Buscar tenants' }).fill(e2e.demo.tenant);
    const row = page.getByRole('row').filter({ has: page.getByText(e2e.demo.tenant, { exact: true }) });
    await row.getByRole('button', { name: `Ações do tenant ${e2e.demo.tenant}` }).click();
    await page.getByRole('menuitem', { name: 'Sincronizar analytics' }).click();
    const dialog = page.getByRole('dialog', { name: `Sincronizar analytics: ${e2e.demo.tenant}` });
    await dialog.getByRole('switch', { name: /Forçar recálculo/ }).check();
    await dialog.getByRole('button', { name: 'Sincronizar' }).click();
    await dialog.getByText(/^Sincronização concluída \(recálculo forçado\)/).waitFor({ timeout: 60_000 });
    await dialog.getByText(/\d+ dias? recalculados?, [\d.]+ linhas? gravadas? em [\d,]+ s\./).waitFor();
    await shots(page, '07-tenant-sync-analytics');
    expect(operator.errors).toEqual([]);
    await operator.context.close();
  });

  it('an operator downloads the tenant’s sheets from the tenants screen (tenantName; tenancyId on reasons)', async () => {
    const operator = await openPage(browser, e2e.backofficeUrl);
    const { page } = operator;
    await logIn(page, e2e.operator.email, e2e.operator.password);
    await mainNav(page).getByRole('link', { name: 'Tenants' }).click();
    await waitForPath(page, '/tenants');
    await page.getByRole('textbox', { name: 'Buscar tenants' }).fill(e2e.demo.tenant);
    const row = page.getByRole('row').filter({ has: page.getByText(e2e.demo.tenant, { exact: true }) });
    await row.getByRole('button', { name: `Ações do tenant ${e2e.demo.tenant}` }).click();
    await page.getByRole('menuitem', { name: 'Baixar planilhas' }).click();
    const dialog = page.getByRole('dialog', { name: `Baixar planilhas: ${e2e.demo.tenant}` });
    await dialog.getByRole('region', { name: 'Pedidos', exact: true }).waitFor();
    await shots(page, '07-tenant-sheets');

    const sheetUrls: URL[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/tenant/sheets/')) sheetUrls.push(new URL(request.url()));
    });
    // The period typed the pt_BR way: this month up to today.
    const first = `${spToday().slice(0, 8)}01`;
    const from = dialog.getByRole('textbox', { name: 'De', exact: true });
    await from.fill(brDay(first));
    await from.press('Tab');
    const sheet = (title: string) => dialog.getByRole('region', { name: title, exact: true });
    const orders = await download(page, sheet('Pedidos').getByRole('button', { name: 'Baixar xlsx' }));
    expect(orders.head).toBe('PK');
    expect(orders.name).toMatch(/\.xlsx$/);
    // The attendances of one of the tenant's instances (GET /api/instance?tenantName=demo).
    const attendances = sheet('Atendimentos');
    await attendances.getByRole('combobox', { name: 'Instância' }).click();
    const option = page.getByRole('option').filter({ hasNotText: 'Todas as instâncias' }).first();
    const instanceName = (await option.textContent()) ?? '';
    await option.click();
    expect(instanceName).not.toBe('');
    const attended = await download(page, attendances.getByRole('button', { name: 'Baixar xlsx' }));
    expect(attended.head).toBe('PK');
    const reasons = await download(page, sheet('Motivos de encerramento').getByRole('button', { name: 'Baixar xlsx' }));
    expect(reasons.head).toBe('PK');

    const byKind = new Map(sheetUrls.map((url) => [url.pathname.split('/').at(-1), url.searchParams]));
    expect(Object.fromEntries(byKind.get('orders') ?? [])).toEqual({
      startAt: first,
      finishAt: spToday(),
      tenantName: e2e.demo.tenant,
    });
    expect(byKind.get('attendances')?.get('tenantName')).toBe(e2e.demo.tenant);
    expect(byKind.get('attendances')?.get('websiteId')).toMatch(/^\d+$/);
    expect(byKind.get('reasons')?.get('tenancyId')).toMatch(/^\d+$/);
    expect(byKind.get('reasons')?.has('tenantName')).toBe(false);
    await shots(page, '07-tenant-sheets-downloaded');
    expect(operator.errors).toEqual([]);
    await operator.context.close();
  });
});
