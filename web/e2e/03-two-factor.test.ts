/**
 * Two-factor (docs/auth.md): turning it on through the screens with a code computed here as an
 * authenticator app would, logging in with the code step, and a role that requires it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { changeRole, restoreRole, type Role } from './support/api';
import { launchBrowser, logIn, logOut, mainNav, openPage, snap, submitLogin, waitForPath } from './support/browser';
import { PERIOD_SECONDS, totpCode } from './support/totp';

const e2e = inject('e2e');
let browser: Browser;
/** The supervisor role as this file found it. */
let supervisorRole: Role | undefined;

beforeAll(async () => {
  // The second test makes the supervisor role require two-factor; it starts without.
  supervisorRole = await changeRole(e2e, 'supervisor', { requireTwoFactor: false });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  // Other files create supervisors and log them in without two-factor.
  if (supervisorRole) await restoreRole(e2e, supervisorRole);
});

function toast(page: Page, title: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: title });
}

/** Types a 6-digit code into the code boxes (the sixth digit submits). */
async function typeCode(page: Page, code: string): Promise<void> {
  await page.locator('.mantine-PinInput-input').first().click();
  await page.keyboard.type(code, { delay: 30 });
}

/** Starts enrollment and returns the secret shown for manual typing. */
async function startEnrollment(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Ativar', exact: true }).click();
  const secret = page.getByTestId('two-factor-secret');
  await secret.waitFor();
  await page.getByRole('img', { name: 'QR code para o aplicativo autenticador' }).waitFor();
  return (await secret.innerText()).replace(/\s+/g, '');
}

// docs/auth.md
describe('two-factor', () => {
  it('a user turns two-factor on, then logs in with the code step', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.twoFactorUser.email, e2e.twoFactorUser.password);
    await page.getByRole('button', { name: 'Conta' }).click();
    await page.getByRole('menuitem', { name: 'Autenticação em dois fatores' }).click();
    await waitForPath(page, '/two-factor');
    await page.getByText('Desativada', { exact: true }).waitFor();
    await snap(page, '03-two-factor-off');

    const secret = await startEnrollment(page);
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await snap(page, '03-two-factor-enroll');

    // A wrong code is refused with the server's message, under the code boxes.
    await typeCode(page, '000000');
    await page.getByText('Código inválido ou já utilizado.').waitFor();
    await snap(page, '03-two-factor-wrong-code');

    await typeCode(page, totpCode(secret));
    await toast(page, 'Autenticação em dois fatores ativada').waitFor();
    await page.getByText('Ativada', { exact: true }).waitFor();
    // The ten recovery codes, shown once (docs/account.md); 11-account logs in with one.
    const codes = page.getByRole('dialog', { name: 'Guarde os seus códigos de recuperação' });
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await codes.getByRole('button', { name: 'Guardei os códigos' }).click();
    await codes.waitFor({ state: 'detached' });
    await page.getByText('10 códigos de recuperação restantes').waitFor();
    await snap(page, '03-two-factor-on');

    await mainNav(page).getByRole('link', { name: 'Configurações do usuário' }).click();
    await waitForPath(page, '/user-settings');
    await page.getByText(e2e.twoFactorUser.email, { exact: true }).waitFor();
    await page.getByText('Ativada', { exact: true }).waitFor();
    await snap(page, '03-user-settings');

    await logOut(page);
    await submitLogin(page, e2e.twoFactorUser.email, e2e.twoFactorUser.password);
    await page.getByText('Digite o código de 6 dígitos do seu aplicativo autenticador.').waitFor();
    await snap(page, '03-login-code-step');
    // The confirmation used the current time step; the server never accepts a step twice, and
    // accepts one step ahead: the code of the next step is what an app shows a moment later.
    await typeCode(page, totpCode(secret, Date.now() + PERIOD_SECONDS * 1000));
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: `Olá, ${e2e.twoFactorUser.name}!` }).waitFor();

    // Turning it off asks for a current code; a wrong one is refused and nothing changes.
    await page.goto('/two-factor');
    await page.getByRole('button', { name: 'Desativar' }).click();
    await typeCode(page, '000000');
    await page.getByText('Código inválido ou já utilizado.').waitFor();
    await snap(page, '03-two-factor-disable-wrong-code');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByText('Ativada', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a role that requires two-factor sends its user to /two-factor with an explanation', async () => {
    const admin = await openPage(browser, e2e.baseUrl);
    await logIn(admin.page, e2e.admin.email, e2e.admin.password);
    await mainNav(admin.page).getByRole('link', { name: 'Perfis de acesso' }).click();
    await admin.page.getByRole('link', { name: 'Editar o perfil Supervisor' }).first().click();
    await admin.page.getByRole('heading', { name: 'Editar perfil: Supervisor' }).waitFor();
    await admin.page.getByRole('switch', { name: 'Exigir autenticação em dois fatores' }).check();
    await admin.page.getByRole('button', { name: 'Salvar' }).click();
    await toast(admin.page, 'Perfil salvo').waitFor();
    await admin.page.getByRole('link', { name: 'Voltar' }).click();
    await waitForPath(admin.page, '/roles/list');
    expect(await admin.page.getByRole('row').filter({ hasText: 'Supervisor' }).innerText()).toMatch(/obrigatória/i);
    await snap(admin.page, '03-roles-list-two-factor-required');
    await admin.context.close();

    const { page, context } = await openPage(browser, e2e.baseUrl);
    await page.goto('/login');
    await submitLogin(page, e2e.enrollUser.email, e2e.enrollUser.password);
    await waitForPath(page, '/two-factor');
    await page.getByRole('alert').filter({ hasText: 'Seu perfil exige a autenticação em dois fatores' }).waitFor();
    await snap(page, '03-two-factor-required');

    const secret = await startEnrollment(page);
    await typeCode(page, totpCode(secret));
    await page.getByRole('dialog', { name: 'Guarde os seus códigos de recuperação' }).waitFor();
    await page.getByRole('button', { name: 'Guardei os códigos' }).click();
    await page.getByText('Tudo pronto').waitFor();
    await snap(page, '03-two-factor-required-done');
    await page.getByRole('link', { name: 'Ir para o início' }).click();
    await waitForPath(page, '/');
    await context.close();
  });
});
