//! Login, landing pages and the route guards in a real browser against the real server.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, mainNav, openPage, snap, submitLogin, waitForPath } from './support/browser';

const e2e = inject('e2e');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('login and access (spec §2, §5, §8)', () => {
  it('a wrong password shows exactly the spec message and clears the form', async () => {
    const { page, context } = await openPage(browser, e2e.baseUrl);
    await page.goto('/login');
    await snap(page, '01-login');
    await submitLogin(page, e2e.admin.email, 'senha-errada');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe('Email ou/e senha errado(s)');
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');
    await snap(page, '01-login-wrong-password');
    await context.close();
  });

  it('the administrator lands on home, with the session stored under the spec keys', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.admin.email, e2e.admin.password);
    await page.getByRole('heading', { name: `Olá, ${e2e.admin.name}!` }).waitFor();
    const stored = await page.evaluate(() => ({
      userInfo: JSON.parse(localStorage.getItem('userInfo') ?? 'null') as { displayName: string; role: { name: string } },
      permissionRoutes: JSON.parse(localStorage.getItem('permissionRoutes') ?? '[]') as string[],
    }));
    expect(stored.userInfo.displayName).toBe(e2e.admin.name);
    expect(stored.userInfo.role.name).toBe('administrador');
    expect(stored.permissionRoutes).toContain('roles-edit');
    await mainNav(page).getByRole('link', { name: 'Perfis de acesso' }).waitFor();
    await snap(page, '01-home-admin');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an attendant opening /users lands on /pages/not-authorized', async () => {
    const { page, context } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.attendant.email, e2e.attendant.password);
    await snap(page, '01-home-attendant');
    expect(await mainNav(page).getByRole('link', { name: 'Usuários' }).count()).toBe(0);
    await page.goto('/users');
    await waitForPath(page, '/pages/not-authorized');
    await page.getByRole('heading', { name: 'Acesso não autorizado' }).waitFor();
    await snap(page, '01-not-authorized');
    await context.close();
  });

  it('an unknown path lands on /pages/error-404', async () => {
    const { page, context } = await openPage(browser, e2e.baseUrl);
    await page.goto('/este/caminho/nao/existe');
    await waitForPath(page, '/pages/error-404');
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    await snap(page, '01-error-404');
    await context.close();
  });
});
