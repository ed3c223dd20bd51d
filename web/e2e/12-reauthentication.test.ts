/**
 * Proof of presence (docs/auth.md#proof-of-presence) through the screens: with an access token that
 * a refresh issued (no password login behind it), turning two-factor on is refused 422
 * `reauthentication_required`, the "Confirme a sua senha" modal asks the current password, a wrong
 * one is said inside it, and the right one lets the same call go again. Screenshots of the open
 * modal at 1280 and 390 px, light and dark (`12-*.png`), and axe-core inside it (WCAG 2.2 AA, each
 * theme and size, as 10-a11y checks dialogs).
 *
 * The app keeps its access token in localStorage, so a plain reload reuses the login's token; the
 * test puts the token's stored expiry in the past first, as when someone comes back after it has
 * expired, and the reload renews it with the refresh cookie.
 *
 * Its own user (an attendant created here, deleted in `afterAll`), who never finishes turning
 * two-factor on. One failed login from the browser's 127.0.0.1: the wrong password typed in the
 * modal (the suite stays under the server's 10 per address).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, changeRole, getRole, restoreRole, send, type Role } from './support/api';
import { seriousA11yViolations, WCAG22_AA } from './support/axe';
import { DESKTOP, MOBILE, launchBrowser, logIn, openPage, snap, waitForPath } from './support/browser';

const e2e = inject('e2e');
let browser: Browser;
/** The attendant role as this file found it. */
let attendantRole: Role | undefined;

const IRENE = { name: 'Irene Reconfirma', email: 'irene@acme.example', password: 'Irene#Presente!5' };
/** Ids of the users created here, for `afterAll`. */
const created: number[] = [];

beforeAll(async () => {
  // Irene is an attendant who logs in with a password only.
  attendantRole = await changeRole(e2e, 'atendente', { requireTwoFactor: false });
  const role = await getRole(e2e, 'atendente');
  const answer = await send(
    e2e,
    'POST',
    '/api/users',
    { name: IRENE.name, email: IRENE.email, password: IRENE.password, role_id: role.id, chosen_instances: [] },
    await adminToken(e2e),
  );
  if (answer.status !== 201)
    throw new Error(`create ${IRENE.email} → ${answer.status}: ${JSON.stringify(answer.body)}`);
  created.push((answer.body as { id: number }).id);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const token = await adminToken(e2e);
  for (const id of created) await send(e2e, 'DELETE', `/api/users/${id}`, undefined, token);
  if (attendantRole) await restoreRole(e2e, attendantRole);
});

type Theme = 'light' | 'dark' | 'semi-dark';

/**
 * Switches the theme as the preferences menu does (localStorage, then the store re-reads it) and
 * waits until the colour scheme applies.
 */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => {
    localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
  }, theme);
  const scheme = theme === 'dark' ? 'dark' : 'light';
  await page.waitForFunction(
    (value) => document.documentElement.getAttribute('data-mantine-color-scheme') === value,
    scheme,
  );
}

/** axe inside the open dialog in each theme and size: the serious and critical violations found. */
async function dialogViolations(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark', 'semi-dark'] as const) {
      await useTheme(page, theme);
      for (const violation of await seriousA11yViolations(page, '[role="dialog"]', WCAG22_AA)) {
        found.push(`${where} ${viewport.width} ${theme}: ${violation.id} ${violation.targets.join(' ')}`);
      }
    }
  }
  await useTheme(page, 'light');
  await page.setViewportSize(DESKTOP);
  return found;
}

/** `12-<name>-{desktop,mobile}.png` and `12-<name>-dark-{desktop,mobile}.png`. */
async function snapBothThemes(page: Page, name: string): Promise<void> {
  await snap(page, `12-${name}`);
  await useTheme(page, 'dark');
  await snap(page, `12-${name}-dark`);
  await useTheme(page, 'light');
}

// docs/auth.md#proof-of-presence
describe('proof of presence', () => {
  it('with a token from a refresh, turning two-factor on asks the password: a wrong one is said in the modal, the right one shows the QR code', async () => {
    const { page, context, errors, refusedRequests } = await openPage(browser, e2e.baseUrl);
    await logIn(page, IRENE.email, IRENE.password);

    // The login's token has expired (as far as the app knows): the reload renews it with the cookie.
    await page.evaluate(() => localStorage.setItem('accessTokenExpiry', String(Date.now() - 1000)));
    const loginToken = await page.evaluate(() => localStorage.getItem('accessToken'));
    const refreshed = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/auth/refresh' && response.request().method() === 'POST',
    );
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await page.getByRole('heading', { name: `Olá, ${IRENE.name}!` }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe(loginToken);

    await page.getByRole('button', { name: 'Conta' }).click();
    await page.getByRole('menuitem', { name: 'Autenticação em dois fatores' }).click();
    await waitForPath(page, '/two-factor');
    await page.getByText('Desativada', { exact: true }).waitFor();

    // The first try goes without a password and is refused: the modal asks for it.
    const refused = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.startsWith('/api/user-settings/') && response.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'Ativar', exact: true }).click();
    const answer = await refused;
    expect(answer.status()).toBe(422);
    expect(((await answer.json()) as { code?: string }).code).toBe('reauthentication_required');
    const modal = page.getByRole('dialog', { name: 'Confirme a sua senha' });
    await modal.waitFor();
    await modal.getByText('Por segurança, confirme a sua senha para alterar a autenticação em dois fatores.').waitFor();
    // The close button is named as every modal's is (src/theme.ts), not a bare "Fechar".
    await modal.getByRole('button', { name: 'Fechar janela' }).waitFor();
    const password = modal.getByLabel(/^Senha atual/);
    await expect.poll(() => password.evaluate((input) => input === document.activeElement)).toBe(true);
    await snapBothThemes(page, 'reauthentication-modal');
    expect(await dialogViolations(page, 'modal')).toEqual([]);

    // A wrong password: said under the field, which is emptied; the modal stays and nothing started.
    await password.fill('Errada#Senha!1');
    await modal.getByRole('button', { name: 'Confirmar' }).click();
    await modal.getByText('Senha atual incorreta.').waitFor();
    expect(await password.inputValue()).toBe('');
    expect(await page.getByTestId('two-factor-secret').count()).toBe(0);
    await snapBothThemes(page, 'reauthentication-wrong-password');
    expect(await dialogViolations(page, 'modal (senha errada)')).toEqual([]);

    // The right one: the same call goes again with it, and the enrollment step shows.
    await password.fill(IRENE.password);
    await modal.getByRole('button', { name: 'Confirmar' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('img', { name: 'QR code para o aplicativo autenticador' }).waitFor();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);

    // The two refusals (422) are the test's own doing; nothing else went wrong.
    expect(refusedRequests).toHaveLength(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
