/**
 * The specification's failure rules in the browser (docs/contracts.md#error-messages,
 * docs/contracts.md#deliberate-deviations-from-the-specification), as acme's administrator:
 *
 * - a users list that fails is an empty list with the error beside it (the screen stays whole),
 *   and "Tentar novamente" reads it again — the failure is the server's answer replaced in the
 *   browser (`page.route`), so nothing on the server changes;
 * - a failed instance call is written to the console (`console.error`) and the screen still says
 *   what failed;
 * - a session the server ends (logout from elsewhere: the socket closes with 1008) goes to /login
 *   with "Sua sessão expirou", and the socket is not opened again.
 *
 * Also the date fields that no other file types into (docs: web/README.md, "Dates"): a
 * campaign's schedule and the company calendar's holidays ("Níveis de serviço") show and take
 * `DD/MM/AAAA`, its hours 24-hour (nothing is saved).
 *
 * Changes nothing another file sees: the logout ends only the session this file opened; acme's
 * `campaigns` option and its administrador's route `campaigns`, when missing, are given for the date
 * test and put back in `afterAll`.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  changeRole,
  operatorToken,
  restoreRole,
  send,
  setTenantFeature,
  tenantFeatures,
  type Role,
} from './support/api';
import { launchBrowser, logIn, openPage } from './support/browser';
import { shots } from './support/shots';

const e2e = inject('e2e');
let browser: Browser;
/** The options this file switched on for acme (switched off again afterwards). */
const switchedOn: string[] = [];
/** acme's administrador role before this file granted it routes. */
let adminRole: Role | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (adminRole) await restoreRole(e2e, adminRole);
  if (switchedOn.length > 0) {
    const token = await operatorToken(e2e);
    for (const option of switchedOn) await setTenantFeature(e2e, token, e2e.tenant, option, false);
  }
});

/** `2026-12-25` → `25/12/2026`. */
function brDay(day: string): string {
  return day.split('-').reverse().join('/');
}

describe('failure semantics', () => {
  it('a users list that fails is an empty list with the server message beside it; the retry reads it again', async () => {
    const admin = await openPage(browser, e2e.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.admin.email, e2e.admin.password);
    const failing = (url: URL) => url.pathname === '/api/users';
    await page.route(failing, (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'forbidden',
          message: 'Você não tem permissão para abrir esta tela.',
          errors: [],
        }),
      }),
    );
    await page.goto('/users');
    const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar os usuários.' });
    await alert.getByText('Você não tem permissão para abrir esta tela.').waitFor();
    await page.getByText('Nenhum usuário na lista').waitFor();
    // The screen is whole: its title, the search and "Novo usuário" are there.
    await page.getByRole('heading', { name: 'Usuários', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Buscar usuários' }).waitFor();
    expect(await page.getByRole('button', { name: /Novo usuário/ }).count()).toBeGreaterThan(0);
    await shots(page, '15-users-list-failed');

    await page.unroute(failing);
    await alert.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByText(e2e.admin.email).first().waitFor();
    expect(await page.getByText('Nenhum usuário na lista').count()).toBe(0);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });

  it('a failed instance call is logged to the console and rethrown to the screen', async () => {
    const admin = await openPage(browser, e2e.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.admin.email, e2e.admin.password);
    await page.route(
      (url) => url.pathname === '/api/instance',
      (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'forbidden', message: 'Sem acesso às instâncias agora.', errors: [] }),
        }),
    );
    await page.goto('/instances');
    await page.getByText('Sem acesso às instâncias agora.').first().waitFor();
    // The one console error is the logged failure (docs/contracts.md#error-messages).
    await expect
      .poll(() => admin.errors.filter((line) => line.startsWith('console: [api] GET /api/instance failed')))
      .not.toEqual([]);
    expect(admin.errors.filter((line) => !line.startsWith('console: [api] GET /api/instance failed'))).toEqual([]);
    await admin.context.close();
  });

  it('a session ended elsewhere (socket closed with 1008) goes to /login, and the socket stays closed', async () => {
    const admin = await openPage(browser, e2e.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.admin.email, e2e.admin.password);
    // The socket is open.
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await page.goto('/user-settings');
    await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const opened = sockets.length;
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(token).toBeTruthy();

    // This session ends on the server (as a logout from another tab would): 1008 `sessão encerrada`.
    const answer = await send(
      e2e,
      'POST',
      '/api/auth/logout',
      { data: { uid: null, email: e2e.admin.email }, ip: null },
      token ?? '',
    );
    expect(answer.status).toBe(200);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await page.getByText('Sua sessão expirou, entre novamente.').waitFor();
    // No reconnection afterwards (the deviation: the server would refuse it every second).
    await page.waitForTimeout(3_000);
    expect(sockets.length).toBe(opened);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await shots(page, '15-session-ended');
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });

  it("a campaign's schedule and the calendar's holidays show and take DD/MM/AAAA, their hours 24-hour", async () => {
    const token = await operatorToken(e2e);
    const features = await tenantFeatures(e2e, token, e2e.tenant);
    for (const option of ['campaigns']) {
      if (!features.find((feature) => feature.option === option)?.enabled) {
        await setTenantFeature(e2e, token, e2e.tenant, option, true);
        switchedOn.push(option);
      }
    }
    adminRole = await changeRole(e2e, 'administrador', { grant: ['campaigns', 'users'] });
    const admin = await openPage(browser, e2e.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.admin.email, e2e.admin.password);
    // Next year's Christmas: always in the future, as a schedule must be.
    const christmas = `${new Date().getUTCFullYear() + 1}-12-25`;

    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'Nova campanha' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nova campanha' });
    await form.getByRole('switch', { name: /Agendar o envio/ }).check();
    const date = form.getByRole('textbox', { name: 'Data' });
    await date.fill(brDay(christmas));
    await date.press('Tab');
    expect(await date.inputValue()).toBe(brDay(christmas));
    // The hour: 24-hour HH:MM whatever the browser's language.
    const hour = form.getByRole('textbox', { name: 'Hora' });
    await hour.fill('9:30');
    await hour.press('Tab');
    expect(await hour.inputValue()).toBe('09:30');
    await date.click();
    await page
      .locator('[data-dates-dropdown]')
      .getByRole('button', { name: `25 dezembro ${christmas.slice(0, 4)}` })
      .waitFor();
    await shots(page, '15-campaign-schedule-date');
    await page.keyboard.press('Escape');

    // The company's calendar (the bot's and the SLA's): "Níveis de serviço", a screen of `users`.
    await page.goto('/service-levels');
    const calendar = page.getByRole('region', { name: 'Horário de atendimento' });
    await calendar.getByRole('button', { name: 'Adicionar feriado' }).click();
    const holiday = calendar.getByRole('textbox', { name: /^Feriado \d+$/ }).last();
    await holiday.fill(brDay(christmas));
    await holiday.press('Tab');
    expect(await holiday.inputValue()).toBe(brDay(christmas));
    // Its hours, 24-hour: Monday's interval typed as 9:05 reads 09:05.
    if ((await calendar.getByTestId('always-open').count()) > 0) {
      await calendar.getByRole('button', { name: 'Segunda a sexta, 8h às 18h' }).click();
    }
    const start = calendar.getByRole('textbox', { name: /^Segunda-feira, início do intervalo/ }).first();
    await start.fill('9:05');
    await start.press('Tab');
    expect(await start.inputValue()).toBe('09:05');
    expect(
      await calendar
        .getByRole('textbox', { name: /^Segunda-feira, fim do intervalo/ })
        .first()
        .inputValue(),
    ).toMatch(/^\d{2}:\d{2}$/);
    await shots(page, '15-calendar-holiday-date');
    // Nothing is saved: leaving asks first, and leaves.
    await calendar.getByRole('button', { name: 'Descartar' }).click();
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
