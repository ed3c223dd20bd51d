/** Login, landing pages and the route guards in a real browser against the real server. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { changeRole, restoreRole, send, type Role } from './support/api';
import { launchBrowser, logIn, logOut, mainNav, openPage, snap, submitLogin, waitForPath } from './support/browser';
import { shots } from './support/shots';

const e2e = inject('e2e');
let browser: Browser;
/** The attendant role as this file found it. */
let attendantRole: Role | undefined;

beforeAll(async () => {
  // The attendant must not hold `users` (02-roles and 05-tenants give it that route).
  attendantRole = await changeRole(e2e, 'atendente', { revoke: ['users'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (attendantRole) await restoreRole(e2e, attendantRole);
});

// docs/contracts.md#screens-and-routes, docs/contracts.md#error-messages, docs/auth.md#the-401-contract
describe('login and access', () => {
  it('a wrong password shows exactly the documented message, the lockout hint, and keeps the email typed', async () => {
    const { page, context } = await openPage(browser, e2e.baseUrl);
    await page.goto('/login');
    await snap(page, '01-login');
    await submitLogin(page, e2e.admin.email, 'senha-errada');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe('Email ou/e senha errado(s)');
    // Under it, on every failure (the server never says whether an account is blocked).
    expect((await page.getByTestId('login-hint').innerText()).trim()).toBe(
      'Depois de 5 tentativas erradas a conta fica bloqueada por 15 minutos. O administrador da sua empresa pode desbloqueá-la antes.',
    );
    // The stored session is cleared, not what the person typed: only the password is to retype.
    expect(await page.getByLabel('Email').inputValue()).toBe(e2e.admin.email);
    const password = page.locator('input[autocomplete="current-password"]');
    expect(await password.inputValue()).toBe('');
    await expect.poll(() => password.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');
    await shots(page, '01-login-wrong-password');
    await context.close();
  });

  // docs/account.md#temporary-password-administrator: no e-mail; the administrator sets a temporary password.
  it('"Esqueci minha senha" explains how to get back in', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await page.goto('/login');
    const toggle = page.getByRole('button', { name: 'Esqueci minha senha' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await panel.waitFor();
    expect(await panel.innerText()).toMatch(/senha\s+temporária/);
    expect(await panel.innerText()).toContain('Não enviamos e-mail');
    await shots(page, '01-login-forgot-password');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a host with no company says so, not that the password is wrong', async () => {
    const origin = e2e.baseUrl.replace(`//${e2e.tenant}.`, '//naoexiste.');
    const { page, context } = await openPage(browser, origin);
    await page.goto('/login');
    await submitLogin(page, 'ana@naoexiste.example', 'qualquer-senha');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(
      'Empresa não encontrada. Confira o endereço (ex.: suaempresa.localhost).',
    );
    expect(await page.getByTestId('login-hint').count()).toBe(0);
    expect(await page.getByLabel('Email').inputValue()).toBe('ana@naoexiste.example');
    await shots(page, '01-login-tenant-not-found');
    await context.close();
  });

  // docs/auth.md#the-401-contract: the server ended the session (here: its logout, from elsewhere).
  it('after the server ends the session, the login screen says so once', async () => {
    const { page, context } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.admin.email, e2e.admin.password);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const ended = await send(
      e2e,
      'POST',
      '/api/auth/logout',
      { data: { uid: null, email: null }, ip: null },
      token ?? '',
    );
    expect(ended.status).toBe(200);
    // The server closes the socket with 1008; the session check is answered 401 "Token is Invalid":
    // off to /login without waiting for the next screen (docs/contracts.md, deliberate deviations).
    await waitForPath(page, '/login');
    const notice = page.getByRole('status').filter({ hasText: 'Sua sessão expirou, entre novamente.' });
    await notice.waitFor();
    await shots(page, '01-login-session-expired');
    // Once: not again after a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.getByText('Sua sessão expirou, entre novamente.').count()).toBe(0);
    await context.close();
  });

  // A tenant's administrator is staff: home is the inbox (06-inbox tests it).
  it('the administrator lands on home (the inbox), with the session stored under the documented keys', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.admin.email, e2e.admin.password);
    await page.getByRole('heading', { name: 'Atendimentos', level: 1 }).waitFor();
    const stored = await page.evaluate(() => ({
      userInfo: JSON.parse(localStorage.getItem('userInfo') ?? 'null') as {
        displayName: string;
        role: { name: string };
      },
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

  // docs/auth.md, docs/realtime.md#closing: logout ends the access token too, and the server closes
  // the realtime socket with 1008.
  it('logout ends the access token: nothing uses it afterwards and the socket is not reopened', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await logIn(page, e2e.admin.email, e2e.admin.password);
    await expect.poll(() => sockets.length).toBe(1);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(token).toBeTruthy();

    // Every request that carries the token from the click on "Sair" on, but the logout itself.
    const withOldToken: string[] = [];
    page.on('request', (request) => {
      if (request.headers().authorization === `Bearer ${token}` && !request.url().endsWith('/api/auth/logout'))
        withOldToken.push(`${request.method()} ${request.url()}`);
    });
    const logout = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await logOut(page);
    expect((await logout).ok()).toBe(true);
    // Longer than the reconnection delay (1000 ms): a client that reconnected would have by now.
    await page.waitForTimeout(2_500);
    expect(sockets).toHaveLength(1);
    expect(withOldToken).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await send(e2e, 'GET', '/api/auth/userInfo', undefined, token ?? '')).toEqual({
      status: 401,
      body: { status: 'Token is Invalid' },
    });
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
