/**
 * Account self-service and the home board (docs/account.md) against the real server: changing
 * one's own password (the other session ends), name and photo, two-factor's recovery codes (shown
 * once, each good for one login), an administrator's temporary password (the forced change) and
 * two-factor reset, and the home board's real figures and links. Screenshots in both themes at
 * 1280 and 390 px, each checked by axe-core (`e2e/support/shots.ts`).
 *
 * Its own two users (created here as attendants, deleted in `afterAll`), so no other file's users
 * change. Failed logins from the browser's 127.0.0.1 here: one wrong current password and one
 * reused recovery code (the suite stays under the server's 10 per address).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { changeRole, getRole, restoreRole, send, type Role } from './support/api';
import {
  launchBrowser,
  logIn,
  logOut,
  mainNav,
  openPage,
  submitLogin,
  toast,
  waitForPath,
  type UserPage,
} from './support/browser';
import { shots } from './support/shots';
import { PERIOD_SECONDS, totpCode } from './support/totp';

const e2e = inject('e2e');
let browser: Browser;
/** The attendant role as this file found it. */
let attendantRole: Role | undefined;

/** Changes her password, her name, turns two-factor on, and has it reset by the administrator. */
const PAULA = { name: 'Paula Própria', email: 'paula@acme.example', password: 'Paula#Inicial!7' };
const PAULA_NEW_PASSWORD = 'Paula#Trocada!8';
const PAULA_NEW_NAME = 'Paula Renomeada';
/** Gets a temporary password from the administrator and must change it. */
const RAFA = { name: 'Rafa Temporária', email: 'rafa@acme.example', password: 'Rafa#Inicial!7' };
const RAFA_TEMPORARY = 'Tempo#Rafa!42';
const RAFA_OWN = 'Rafa#Escolhida!9';
const PHOTO_URL = 'https://fotos.example/paula.png';
/** A 1×1 PNG, the photo served for PHOTO_URL (the test browser has no internet). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Ids of the users created here, for `afterAll`. */
const created: number[] = [];

async function apiLogin(email: string, password: string, origin = e2e.baseUrl): Promise<string> {
  const answer = await send(e2e, 'POST', '/api/auth/login', { email, password, ip: null }, undefined, { origin });
  if (answer.status !== 200) throw new Error(`login ${email} → ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { access_token: string }).access_token;
}

async function adminToken(): Promise<string> {
  return apiLogin(e2e.admin.email, e2e.admin.password);
}

async function createUser(token: string, roleId: number, user: { name: string; email: string; password: string }) {
  const answer = await send(
    e2e,
    'POST',
    '/api/users',
    { name: user.name, email: user.email, password: user.password, role_id: roleId, chosen_instances: [] },
    token,
  );
  if (answer.status !== 201) throw new Error(`create ${user.email} → ${answer.status}: ${JSON.stringify(answer.body)}`);
  created.push((answer.body as { id: number }).id);
}

beforeAll(async () => {
  // Paula and Rafa are attendants who log in with a password only until Paula turns two-factor on.
  attendantRole = await changeRole(e2e, 'atendente', { requireTwoFactor: false });
  const token = await adminToken();
  const role = await getRole(e2e, 'atendente');
  await createUser(token, role.id, PAULA);
  await createUser(token, role.id, RAFA);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const token = await adminToken();
  for (const id of created) await send(e2e, 'DELETE', `/api/users/${id}`, undefined, token);
  if (attendantRole) await restoreRole(e2e, attendantRole);
});

/** A fresh browser context on `url` where Paula's photo loads (served here: the test has no internet). */
async function open(url: string): Promise<UserPage> {
  const user = await openPage(browser, url);
  await user.context.route('https://fotos.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
  );
  return user;
}

/** Types a 6-digit code into the code boxes (the sixth digit submits). */
async function typeCode(page: Page, code: string): Promise<void> {
  await page.locator('.mantine-PinInput-input').first().click();
  await page.keyboard.type(code, { delay: 30 });
}

async function openSettings(page: Page): Promise<void> {
  await mainNav(page).getByRole('link', { name: 'Configurações do usuário' }).click();
  await waitForPath(page, '/user-settings');
  await page.getByRole('heading', { name: 'Seus dados' }).waitFor();
}

/** The password card of /user-settings. */
function passwordCard(page: Page) {
  return page.getByRole('region', { name: 'Alterar senha' });
}

/** Opens /users as the administrator and shows the row of `name`. */
async function adminUsers(name: string): Promise<UserPage> {
  const admin = await open(e2e.baseUrl);
  await logIn(admin.page, e2e.admin.email, e2e.admin.password);
  await mainNav(admin.page).getByRole('link', { name: 'Usuários' }).click();
  await waitForPath(admin.page, '/users');
  await admin.page.getByRole('textbox', { name: 'Buscar usuários' }).fill(name.split(' ')[0] ?? name);
  await admin.page.getByRole('row').filter({ hasText: name }).waitFor();
  return admin;
}

async function rowAction(page: Page, name: string, action: string): Promise<void> {
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Ações de ${name}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** `GET /api/auth/userInfo` with `token`: the status (200 while the session lives). */
async function userInfoStatus(token: string): Promise<number> {
  return (await send(e2e, 'GET', '/api/auth/userInfo', undefined, token)).status;
}

// docs/account.md#my-password
describe('my password', () => {
  it("changes it: a wrong current password is said under its field; the other session's token stops working", async () => {
    const otherSession = await apiLogin(PAULA.email, PAULA.password);
    expect(await userInfoStatus(otherSession)).toBe(200);

    const { page, context, errors } = await open(e2e.baseUrl);
    await logIn(page, PAULA.email, PAULA.password);
    await openSettings(page);
    const card = passwordCard(page);
    await card.getByLabel(/^Senha atual/).fill('Errada#Senha!1');
    await card.getByLabel(/^Nova senha/).fill('abc');
    expect(await card.getByTestId('password-strength-label').innerText()).toBe('Senha fraca');
    await card.getByLabel(/^Nova senha/).fill(PAULA_NEW_PASSWORD);
    expect(await card.getByTestId('password-strength-label').innerText()).toBe('Senha forte');
    await card.getByLabel(/^Confirme a nova senha/).fill(PAULA_NEW_PASSWORD);
    await card.getByRole('button', { name: 'Alterar senha' }).click();
    // The server's field error, under the current password.
    await card.getByText('Senha atual incorreta.').waitFor();
    await shots(page, '11-password-wrong-current');

    await card.getByLabel(/^Senha atual/).fill(PAULA.password);
    await card.getByRole('button', { name: 'Alterar senha' }).click();
    await card.getByText('Senha alterada. As suas outras sessões foram encerradas.').waitFor();
    await shots(page, '11-password-changed');

    // The other session is over; this one goes on with the new token (a reload keeps it).
    expect(await userInfoStatus(otherSession)).toBe(401);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(await userInfoStatus(token ?? '')).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: 'Seus dados' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user-settings');
    expect(errors).toEqual([]);
    await context.close();

    // The new password logs in; the old one no longer does.
    expect(
      (
        await send(
          e2e,
          'POST',
          '/api/auth/login',
          { email: PAULA.email, password: PAULA_NEW_PASSWORD, ip: null },
          undefined,
          { fromAddress: '127.0.0.3' },
        )
      ).status,
    ).toBe(200);
  });
});

// docs/account.md#my-name-and-photo
describe('my name and photo', () => {
  it('edits them; the header shows the new name and photo without a reload', async () => {
    const { page, context, errors } = await open(e2e.baseUrl);
    await logIn(page, PAULA.email, PAULA_NEW_PASSWORD);
    await openSettings(page);
    await page.getByRole('button', { name: 'Editar nome e foto' }).click();
    await page.getByRole('textbox', { name: 'Nome' }).fill(PAULA_NEW_NAME);
    await page.getByRole('textbox', { name: 'Endereço da foto' }).fill(PHOTO_URL);
    await shots(page, '11-profile-edit');
    const put = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().endsWith('/api/auth/profile'),
    );
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect((await put).postDataJSON()).toEqual({ name: PAULA_NEW_NAME, image: PHOTO_URL });
    await toast(page, 'Dados salvos').waitFor();

    const account = page.getByRole('banner').getByRole('button', { name: /Conta/ });
    await account.getByText(PAULA_NEW_NAME).waitFor();
    await expect.poll(() => account.locator('img').getAttribute('src')).toBe(PHOTO_URL);
    await page.getByRole('heading', { name: 'Seus dados' }).waitFor();
    await page.getByText(PAULA_NEW_NAME, { exact: true }).first().waitFor();
    await shots(page, '11-profile-saved');
    expect(errors).toEqual([]);
    await context.close();
  });
});

// docs/account.md#two-factor-recovery-codes
describe('two-factor recovery codes', () => {
  let secret = '';
  let codes: string[] = [];

  it('turning two-factor on shows the ten codes once', async () => {
    const { page, context, errors } = await open(e2e.baseUrl);
    await logIn(page, PAULA.email, PAULA_NEW_PASSWORD);
    await openSettings(page);
    await page.getByRole('button', { name: 'Ativar', exact: true }).click();
    const secretText = page.getByTestId('two-factor-secret');
    await secretText.waitFor();
    secret = (await secretText.innerText()).replace(/\s+/g, '');
    await typeCode(page, totpCode(secret));

    const dialog = page.getByRole('dialog', { name: 'Guarde os seus códigos de recuperação' });
    await dialog.waitFor();
    codes = await dialog.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Baixar .txt' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^codigos-de-recuperacao-.*\.txt$/);
    await shots(page, '11-recovery-codes');
    await dialog.getByRole('button', { name: 'Guardei os códigos' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('10 códigos de recuperação restantes').waitFor();

    // Once: after a reload they are nowhere.
    await page.reload();
    await page.getByText('10 códigos de recuperação restantes').waitFor();
    expect(await page.getByText(codes[0] ?? '-').count()).toBe(0);
    await shots(page, '11-two-factor-on');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs in with a recovery code; the same code is refused the second time', async () => {
    const { page, context, errors } = await open(e2e.baseUrl);
    await submitLogin(page, PAULA.email, PAULA_NEW_PASSWORD);
    await page.getByText('Digite o código de 6 dígitos do seu aplicativo autenticador.').waitFor();
    await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    const field = page.getByRole('textbox', { name: 'Código de recuperação' });
    // Any case, with or without the dash.
    await field.fill((codes[0] ?? '').toUpperCase().replace('-', ''));
    await shots(page, '11-login-recovery-code');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: `Olá, ${PAULA_NEW_NAME}!` }).waitFor();
    await openSettings(page);
    await page.getByText('9 códigos de recuperação restantes').waitFor();
    await logOut(page);

    await submitLogin(page, PAULA.email, PAULA_NEW_PASSWORD);
    await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await page.getByRole('textbox', { name: 'Código de recuperação' }).fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Verificar' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Email ou/e senha errado(s)' });
    await alert.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await shots(page, '11-login-recovery-code-reused');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Gerar novos códigos" with a current code replaces them', async () => {
    const { page, context, errors } = await open(e2e.baseUrl);
    await submitLogin(page, PAULA.email, PAULA_NEW_PASSWORD);
    await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await page.getByRole('textbox', { name: 'Código de recuperação' }).fill(codes[1] ?? '');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await waitForPath(page, '/');
    await openSettings(page);
    await page.getByText('8 códigos de recuperação restantes').waitFor();
    await page.getByRole('button', { name: 'Gerar novos códigos' }).click();
    // The confirmation used the step of its time; the next step's code is what the app shows next.
    await typeCode(page, totpCode(secret, Date.now() + PERIOD_SECONDS * 1000));
    const dialog = page.getByRole('dialog', { name: 'Guarde os seus códigos de recuperação' });
    await dialog.getByRole('listitem').first().waitFor();
    const fresh = await dialog.getByRole('listitem').allInnerTexts();
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[2]);
    await dialog.getByRole('button', { name: 'Guardei os códigos' }).click();
    await page.getByText('10 códigos de recuperação restantes').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an administrator resets the user's two-factor: the next login asks only the password", async () => {
    const admin = await adminUsers(PAULA_NEW_NAME);
    const { page } = admin;
    const row = page.getByRole('row').filter({ hasText: PAULA_NEW_NAME });
    await row.getByText('Dois fatores').waitFor();
    await rowAction(page, PAULA_NEW_NAME, 'Redefinir dois fatores');
    const confirm = page.getByRole('dialog', { name: 'Redefinir dois fatores' });
    await confirm.getByText(/Os códigos de recuperação deixam de valer/).waitFor();
    await shots(page, '11-users-reset-two-factor');
    await confirm.getByRole('button', { name: 'Redefinir' }).click();
    await toast(page, 'Dois fatores redefinidos').waitFor();
    await row.getByText('Dois fatores').waitFor({ state: 'detached' });
    // Someone without two-factor has nothing to reset.
    await row.getByRole('button', { name: `Ações de ${PAULA_NEW_NAME}` }).click();
    await page.getByRole('menuitem', { name: 'Definir senha temporária' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Redefinir dois fatores' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const paula = await open(e2e.baseUrl);
    await logIn(paula.page, PAULA.email, PAULA_NEW_PASSWORD);
    await paula.page.getByRole('heading', { name: `Olá, ${PAULA_NEW_NAME}!` }).waitFor();
    await paula.context.close();
  });
});

// docs/account.md#temporary-password-administrator
describe('temporary password', () => {
  it('an administrator sets one; the user must change it before anything else, then reaches the app', async () => {
    const rafaSession = await apiLogin(RAFA.email, RAFA.password);

    const admin = await adminUsers(RAFA.name);
    const { page } = admin;
    await rowAction(page, RAFA.name, 'Definir senha temporária');
    const dialog = page.getByRole('dialog', { name: 'Definir senha temporária' });
    const input = dialog.getByLabel(/^Senha temporária/);
    await input.fill('abc');
    await dialog.getByRole('button', { name: 'Definir senha' }).click();
    await dialog.getByText(/^Senha fraca\. Para ser aceita/).waitFor();
    await input.fill(RAFA_TEMPORARY);
    expect(await dialog.getByTestId('password-strength-label').innerText()).toBe('Senha forte');
    await shots(page, '11-temporary-password');
    await dialog.getByRole('button', { name: 'Definir senha' }).click();
    await toast(page, 'Senha temporária definida').waitFor();
    await page.getByRole('row').filter({ hasText: RAFA.name }).getByText('Senha temporária').waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();
    // Rafa's open sessions ended.
    expect(await userInfoStatus(rafaSession)).toBe(401);

    const { page: rafa, context, errors } = await open(e2e.baseUrl);
    await submitLogin(rafa, RAFA.email, RAFA_TEMPORARY);
    await waitForPath(rafa, '/trocar-senha');
    await rafa.getByText('Sua senha é temporária. Escolha uma nova para continuar.').waitFor();
    expect(await rafa.getByRole('navigation').count()).toBe(0);
    await shots(rafa, '11-forced-change');

    // Nothing else is reachable: the app comes back here.
    await rafa.goto('/');
    await waitForPath(rafa, '/trocar-senha');
    await rafa.goto('/user-settings');
    await waitForPath(rafa, '/trocar-senha');

    await rafa.getByLabel(/^Senha temporária/).fill(RAFA_TEMPORARY);
    await rafa.getByLabel(/^Nova senha/).fill(RAFA_OWN);
    await rafa.getByLabel(/^Confirme a nova senha/).fill(RAFA_OWN);
    await rafa.getByRole('button', { name: 'Alterar senha' }).click();
    await waitForPath(rafa, '/');
    await rafa.getByRole('heading', { name: `Olá, ${RAFA.name}!` }).waitFor();
    await toast(rafa, 'Senha alterada').waitFor();
    await rafa.goto('/trocar-senha');
    // Not temporary any more: the page sends home.
    await waitForPath(rafa, '/');
    expect(errors).toEqual([]);
    await context.close();
  });
});

// docs/account.md#home-board
describe('home board', () => {
  interface BoardAnswer {
    people: { online: number; total: number } | null;
    usage: {
      users: { used: number; limit: number | null };
      ticketsThisMonth: { used: number; limit: number | null };
      mediaBytes: { used: number; limit: number | null };
    } | null;
    loginFailures: { last24h: number } | null;
    instances: { total: number } | null;
  }

  const format = (value: number) => new Intl.NumberFormat('pt-BR').format(value);

  it("shows the administrator's real figures, and each whole card leads to its screen", async () => {
    const { page, context, errors } = await open(e2e.baseUrl);
    await logIn(page, e2e.admin.email, e2e.admin.password);
    // An administrator's / is the inbox; its "Quadro da empresa" opens the board (/?painel). Its
    // one call's answer is what the cards must show.
    const homeAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/home');
    await page.getByRole('link', { name: 'Quadro da empresa' }).click();
    await page.waitForURL((url) => url.searchParams.has('painel'));
    const answer = await homeAnswer;
    expect(answer.status()).toBe(200);
    const board = (await answer.json()) as BoardAnswer;
    expect(board.people).not.toBeNull();
    expect(board.usage).not.toBeNull();
    // Real figures: the tenant's users as the users list counts them.
    const list = await send(e2e, 'GET', '/api/users?page=1&limit=10', undefined, await adminToken());
    const total = (list.body as { pagination: { total: number } }).pagination.total;
    expect(board.people?.total).toBe(total);
    expect(board.usage?.users.used).toBe(total);
    await page.getByRole('heading', { name: `Olá, ${e2e.admin.name}!` }).waitFor();
    const usage = page.getByTestId('home-card-usage');
    const users = board.usage?.users;
    const tickets = board.usage?.ticketsThisMonth;
    const part = (gauge: { used: number; limit: number | null } | undefined, one: string, many: string) => {
      const used = gauge?.used ?? 0;
      const limit = gauge?.limit ?? 0;
      const word = (limit > 0 ? limit : used) === 1 ? one : many;
      return limit > 0 ? `${format(used)} de ${format(limit)} ${word}` : `${format(used)} ${word}`;
    };
    const summary = await usage.getByTestId('home-usage-summary').innerText();
    const counted = `${part(users, 'usuário', 'usuários')} · ${part(tickets, 'ticket este mês', 'tickets este mês')}`;
    expect(summary.startsWith(counted), summary).toBe(true);
    // Then the media kept against the plan's, in bytes as words ("0 B de 20 GB de mídia").
    expect(board.usage?.mediaBytes.limit).toBe(20 * 1024 ** 3);
    expect(summary.slice(counted.length)).toMatch(/^ · [\d.,]+ (B|KB|MB|GB) de 20 GB de mídia$/);
    expect(await page.getByTestId('home-card-people').innerText()).toContain(
      `${format(board.people?.online ?? 0)} de ${format(board.people?.total ?? 0)}`,
    );
    expect(await page.getByTestId('home-card-login-failures').innerText()).toMatch(
      new RegExp(`(^|\\s)${format(board.loginFailures?.last24h ?? 0)}\\s+nas últimas 24 horas`),
    );
    await page.getByTestId('home-card-inbox').waitFor();
    await shots(page, '11-home-board');

    // A click anywhere on a card, not only on its title, follows it.
    const people = page.getByTestId('home-card-people');
    const box = await people.boundingBox();
    if (!box) throw new Error('no people card');
    await page.mouse.click(box.x + box.width - 12, box.y + box.height - 12);
    await waitForPath(page, '/users');
    await page.goBack();
    await page.getByTestId('home-card-instances').waitFor();
    // From the keyboard: the card's link is a Tab stop.
    await page.getByTestId('home-card-instances').getByRole('link', { name: 'Instâncias' }).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/instances');
    await page.goBack();
    await page.getByTestId('home-card-inbox').getByRole('link', { name: 'Atendimentos' }).click();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Atendimentos', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an operator's board: tenants near their limits and recently deleted ones lead to /tenants", async () => {
    const { page, context, errors } = await open(e2e.backofficeUrl);
    await logIn(page, e2e.operator.email, e2e.operator.password);
    await page.getByRole('heading', { name: `Olá, ${e2e.operator.name}!` }).waitFor();
    const near = page.getByTestId('home-card-near-limits');
    await near.waitFor();
    await page.getByTestId('home-card-deleted').waitFor();
    await shots(page, '11-home-board-operator');
    const box = await near.boundingBox();
    if (!box) throw new Error('no near-limits card');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - 10);
    await waitForPath(page, '/tenants');
    expect(errors).toEqual([]);
    await context.close();
  });
});
