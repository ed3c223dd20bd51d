/**
 * Presence (docs/service-levels.md#agent-status; lib/presence.ts) and the login greeting
 * (docs/contracts.md#error-messages), against the real server: the header's three statuses
 * ("Disponível" / "Ausente" with an optional reason / "Offline", `PUT /api/auth/status`) survive a
 * reload; the administrator's control panel shows the attendant going Ausente (Almoço), Offline and
 * back without a reload (`UserStatusChanged`); the administrator disconnects the attendant from the
 * users screen (`disconnectUser`, which is Offline), and the socket turns the attendant's header and
 * the administrator's list without a reload. Screenshots `14-*` at 1280 and 390 px, light and dark,
 * axe in each.
 *
 * Shared state: the attendant and the administrator end available (as a login leaves them); the
 * tenant's analytics option is put back as it was.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorToken, setTenantFeature, tenantFeatures } from './support/api';
import { seriousA11yViolations } from './support/axe';
import {
  DESKTOP,
  LOGIN_GREETING,
  MOBILE,
  launchBrowser,
  logIn,
  mainNav,
  openPage,
  submitLogin,
  toast,
  waitForPath,
  type UserPage,
} from './support/browser';
import { setTheme } from './support/inbox';
import { settle } from './support/settle';
import { shots } from './support/shots';

const e2e = inject('e2e');
let browser: Browser;
const SCREENSHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
/** The control panel needs the tenant's analytics option: switched on here when off, then back. */
let analyticsWasOff = false;

/** Where a screenshot `<name>.png` goes (e2e/screenshots/, gitignored). */
function shotPath(name: string): string {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return join(SCREENSHOTS_DIR, `${name}.png`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const operator = await operatorToken(e2e);
  const analytics = (await tenantFeatures(e2e, operator, e2e.tenant)).find((item) => item.option === 'analytics');
  analyticsWasOff = analytics?.enabled === false;
  if (analyticsWasOff) await setTenantFeature(e2e, operator, e2e.tenant, 'analytics', true);
});
afterAll(async () => {
  await browser?.close();
  if (analyticsWasOff) await setTenantFeature(e2e, await operatorToken(e2e), e2e.tenant, 'analytics', false);
});

type Label = 'Disponível' | 'Ausente' | 'Offline';

/** The header's status button, whatever it says. */
function statusButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Status: / });
}

/**
 * Waits until the header says `words` ("Disponível", "Ausente · Almoço", "Offline"): Disponível
 * alone, the others with since when ("desde 12:30").
 */
/** The attendant (logged in, Disponível) and the administrator (logged in), each in a browser of their own. */
async function attendantAndAdmin(): Promise<{ attendant: UserPage; admin: UserPage }> {
  const attendant: UserPage = await openPage(browser, e2e.baseUrl);
  const admin: UserPage = await openPage(browser, e2e.baseUrl);
  await logIn(attendant.page, e2e.attendant.email, e2e.attendant.password);
  await expectStatus(attendant.page, 'Disponível');
  await logIn(admin.page, e2e.admin.email, e2e.admin.password);
  return { attendant, admin };
}

async function expectStatus(page: Page, words: string): Promise<void> {
  const name = words === 'Disponível' ? 'Status: Disponível' : new RegExp(`^Status: ${words}( desde \\d{2}:\\d{2})?$`);
  await page.getByRole('button', { name, exact: true }).waitFor();
}

/** The answer to the next PUT /api/auth/status. */
function statusAnswer(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/status') && response.request().method() === 'PUT',
  );
}

/**
 * Chooses `label` in the header's status menu (Ausente: with `reason`, a quick choice, or "Sem
 * motivo" without one) and checks the server's answer.
 */
async function chooseStatus(page: Page, label: Label, reason: string | null = null): Promise<void> {
  await statusButton(page).click();
  const answered = statusAnswer(page);
  await page.getByRole('menuitemradio', { name: new RegExp(`^${label}`) }).click();
  if (label === 'Ausente') {
    const dialog = page.getByRole('dialog', { name: 'Ficar ausente' });
    await dialog.waitFor();
    if (reason) {
      await dialog.getByRole('button', { name: reason, exact: true }).click();
      await dialog.getByRole('button', { name: 'Ficar ausente' }).click();
    } else {
      await dialog.getByRole('button', { name: 'Sem motivo' }).click();
    }
    await dialog.waitFor({ state: 'detached' });
  }
  const response = await answered;
  expect(response.status()).toBe(200);
  const status = { Disponível: 'online', Ausente: 'ausente', Offline: 'offline' }[label];
  expect(await response.json()).toMatchObject({ status, reason: label === 'Ausente' ? reason : null });
}

/**
 * Screenshots of the open status menu at 1280 and 390 px, light and dark, with axe on each (the
 * menu is opened again for each: it closes when the header redraws for another size).
 */
async function menuShots(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      await settle(page);
      await statusButton(page).click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      await settle(page);
      const suffix = theme === 'dark' ? '-dark' : '';
      await page.screenshot({ path: shotPath(`${name}-${size}${suffix}`) });
      expect(await seriousA11yViolations(page), `axe: ${name} ${size} ${theme}`).toEqual([]);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    }
  }
  await setTheme(page, 'light');
  await page.setViewportSize(DESKTOP);
  // The header redraws for the desktop: a menu opened before that closes again.
  await settle(page);
}

/** The administrator's /users, searched for the attendant. */
async function openUsersAt(admin: Page, search: string): Promise<void> {
  await mainNav(admin).getByRole('link', { name: 'Usuários' }).click();
  await waitForPath(admin, '/users');
  await admin.getByRole('table').waitFor();
  await admin.getByRole('textbox', { name: 'Buscar usuários' }).fill(search);
}

function userRow(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ hasText: name });
}

/** Live, and sooner than the panel's 30 s poll: the socket's event did it. */
const LIVE = { timeout: 10_000 };

describe('presence and the login greeting', () => {
  it('greets every successful login with the product texts', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await submitLogin(page, e2e.attendant.email, e2e.attendant.password);
    await waitForPath(page, '/');
    const greeting = toast(page, LOGIN_GREETING.title);
    await greeting.waitFor();
    expect(await greeting.innerText()).toContain(LOGIN_GREETING.message);
    // One shot while it shows (it closes by itself after a few seconds), and axe with it on screen.
    await page.screenshot({ path: shotPath('14-login-greeting-desktop') });
    expect(await seriousA11yViolations(page), 'axe: login greeting').toEqual([]);
    // A reload is no new login: no greeting.
    await page.reload();
    await statusButton(page).waitFor();
    await page.waitForTimeout(500);
    expect(await toast(page, LOGIN_GREETING.title).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the header offers three statuses; Ausente takes a reason; each survives a reload', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    // A login makes the user available.
    await logIn(page, e2e.attendant.email, e2e.attendant.password);
    await expectStatus(page, 'Disponível');
    await shots(page, '14-status-available');
    await menuShots(page, '14-status-menu');
    await statusButton(page).click();
    await page.getByRole('menu').waitFor();
    expect(await page.getByRole('menuitemradio').evaluateAll((items) => items.map((item) => item.textContent))).toEqual(
      [
        'DisponívelRecebe novos atendimentos e transferências',
        'AusenteConectado, sem receber novos atendimentos',
        'OfflineA equipe vê você desconectado',
      ],
    );
    await page.keyboard.press('Escape');

    // Ausente asks for the reason first: the dialog, in every size and theme.
    await statusButton(page).click();
    await page.getByRole('menuitemradio', { name: /^Ausente/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Ficar ausente' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Almoço', exact: true }).click();
    await shots(page, '14-status-reason');
    await dialog.getByRole('button', { name: 'Cancelar e manter o status atual' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectStatus(page, 'Disponível');

    await chooseStatus(page, 'Ausente', 'Almoço');
    await expectStatus(page, 'Ausente · Almoço');
    await page.reload();
    // Since when, from the server's answer: "desde 12:30".
    await page.getByRole('button', { name: /^Status: Ausente · Almoço desde \d{2}:\d{2}$/ }).waitFor();
    await shots(page, '14-status-away');

    await chooseStatus(page, 'Offline');
    await expectStatus(page, 'Offline');
    await page.reload();
    await expectStatus(page, 'Offline');
    await shots(page, '14-status-offline');

    await chooseStatus(page, 'Disponível');
    await expectStatus(page, 'Disponível');
    await page.reload();
    await expectStatus(page, 'Disponível');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the administrator's control panel follows the attendant live: Ausente (Almoço), Offline, Disponível", async () => {
    const { attendant, admin } = await attendantAndAdmin();
    try {
      await admin.page.goto('/dashboard/control-panel');
      await admin.page.getByRole('heading', { name: 'Painel de controle', level: 1 }).waitFor();
      const agents = admin.page.getByRole('table', { name: 'Atendentes' });
      const row = agents.getByRole('row').filter({ hasText: e2e.attendant.name });
      await row.filter({ hasText: 'Disponível' }).waitFor();

      await chooseStatus(attendant.page, 'Ausente', 'Almoço');
      await row.filter({ hasText: 'Ausente' }).filter({ hasText: 'Almoço' }).waitFor(LIVE);
      expect(await row.innerText()).toMatch(/Motivo: Almoço|Almoço/);
      expect(await row.innerText()).toMatch(/desde \d{2}:\d{2}/);
      await shots(admin.page, '14-control-panel-away');

      // Offline: listed as such (or no longer listed, holding no ticket).
      await chooseStatus(attendant.page, 'Offline');
      await expect
        .poll(async () => ((await row.count()) === 0 ? 'gone' : await row.innerText()), LIVE)
        .toMatch(/gone|Offline/i);

      await chooseStatus(attendant.page, 'Disponível');
      await row.filter({ hasText: 'Disponível' }).waitFor(LIVE);
      await settle(admin.page);
      expect(attendant.errors).toEqual([]);
      expect(admin.errors).toEqual([]);
    } finally {
      await attendant.context.close();
      await admin.context.close();
    }
  });

  it('an administrator disconnects an online user (Offline); the socket turns her header and the list live', async () => {
    const { attendant, admin } = await attendantAndAdmin();
    try {
      await openUsersAt(admin.page, e2e.attendant.email);
      const row = userRow(admin.page, e2e.attendant.name);
      // Online: available, with a socket open (the attendant's page).
      await row.filter({ hasText: 'Online' }).waitFor();
      await shots(admin.page, '14-users-online');

      await row.getByRole('button', { name: `Ações de ${e2e.attendant.name}` }).click();
      await admin.page.getByRole('menuitem', { name: 'Desconectar' }).waitFor();
      await settle(admin.page);
      await admin.page.screenshot({ path: shotPath('14-users-row-menu-desktop') });
      await admin.page.getByRole('menuitem', { name: 'Desconectar' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Desconectar usuário' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(`Marcar ${e2e.attendant.name} como Offline?`);
      await shots(admin.page, '14-users-disconnect-dialog');
      const answered = admin.page.waitForResponse((response) => response.url().endsWith('/graphql'));
      await dialog.getByRole('button', { name: 'Desconectar' }).click();
      expect(await (await answered).json()).toEqual({ data: { disconnectUser: true } });
      await toast(admin.page, 'Usuário desconectado').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await row.filter({ hasText: 'Offline' }).waitFor();
      // Nothing left to disconnect.
      await row.getByRole('button', { name: `Ações de ${e2e.attendant.name}` }).click();
      await admin.page.getByRole('menuitem', { name: 'Editar' }).waitFor();
      expect(await admin.page.getByRole('menuitem', { name: 'Desconectar' }).count()).toBe(0);
      await admin.page.keyboard.press('Escape');
      await shots(admin.page, '14-users-disconnected');

      // `UserDisconnected` reaches the attendant: her header says Offline without a reload, and why.
      await expectStatus(attendant.page, 'Offline');
      await toast(attendant.page, 'Seu status mudou').waitFor();

      // She comes back: `UserConnected` reaches the administrator's list without a reload.
      await chooseStatus(attendant.page, 'Disponível');
      await expectStatus(attendant.page, 'Disponível');
      await row.filter({ hasText: 'Online' }).waitFor();
      await settle(admin.page);
      expect(attendant.errors).toEqual([]);
      expect(admin.errors).toEqual([]);
    } finally {
      await attendant.context.close();
      await admin.context.close();
    }
  });
});
