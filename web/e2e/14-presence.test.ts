/**
 * Presence (docs/contracts.md#states-and-transitions, "User connection"; lib/presence.ts) and the
 * login greeting (docs/contracts.md#error-messages), against the real server: the header's status
 * ("Disponível" / "Ausente", GraphQL `connected` / `disconnected`) toggles and survives a reload;
 * the administrator disconnects the attendant from the users screen (`disconnectUser`), and the
 * socket's `UserDisconnected` / `UserConnected` turn the attendant's header and the administrator's
 * list without a reload. Screenshots `14-*` at 1280 and 390 px, light and dark, axe in each.
 *
 * Shared state: the attendant and the administrator end available (as a login leaves them).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
import { settle, shots } from './support/shots';

const e2e = inject('e2e');
let browser: Browser;
const SCREENSHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** Where a screenshot `<name>.png` goes (e2e/screenshots/, gitignored). */
function shotPath(name: string): string {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return join(SCREENSHOTS_DIR, `${name}.png`);
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The header's status button, whatever it says. */
function statusButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Status: / });
}

/** Waits until the header says `label`. */
async function expectStatus(page: Page, label: 'Disponível' | 'Ausente'): Promise<void> {
  await page.getByRole('button', { name: `Status: ${label}`, exact: true }).waitFor();
}

/** Chooses `label` in the header's status menu and waits for the server's answer. */
async function chooseStatus(page: Page, label: 'Disponível' | 'Ausente'): Promise<void> {
  await statusButton(page).click();
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && response.request().method() === 'POST',
  );
  await page.getByRole('menuitemradio', { name: new RegExp(`^${label}`) }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ data: { [label === 'Disponível' ? 'connected' : 'disconnected']: true } });
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

  it('the header status toggles (Disponível → Ausente → Disponível) and survives a reload', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    // A login makes the user available.
    await logIn(page, e2e.attendant.email, e2e.attendant.password);
    await expectStatus(page, 'Disponível');
    await shots(page, '14-status-available');
    await menuShots(page, '14-status-menu');

    await chooseStatus(page, 'Ausente');
    await expectStatus(page, 'Ausente');
    await page.reload();
    await expectStatus(page, 'Ausente');
    await shots(page, '14-status-away');

    await chooseStatus(page, 'Disponível');
    await expectStatus(page, 'Disponível');
    await page.reload();
    await expectStatus(page, 'Disponível');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an administrator disconnects an online user; the socket turns her header and the list live', async () => {
    const attendant: UserPage = await openPage(browser, e2e.baseUrl);
    const admin: UserPage = await openPage(browser, e2e.baseUrl);
    try {
      await logIn(attendant.page, e2e.attendant.email, e2e.attendant.password);
      await expectStatus(attendant.page, 'Disponível');
      await logIn(admin.page, e2e.admin.email, e2e.admin.password);
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
      expect(await dialog.innerText()).toContain(`Marcar ${e2e.attendant.name} como Ausente?`);
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

      // `UserDisconnected` reaches the attendant: her header says Ausente without a reload, and why.
      await expectStatus(attendant.page, 'Ausente');
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
