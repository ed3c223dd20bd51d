/**
 * Users screen (docs/contracts.md#screens-and-routes, "Users: list, create, alter, delete, unblock
 * users, change email or name"; the strength meter of docs/contracts.md#password-strength) against
 * the real users API of the seeded tenant.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { changeRole, restoreRole, type Role } from './support/api';
import { launchBrowser, logIn, mainNav, openPage, snap, toast, waitForPath } from './support/browser';

const e2e = inject('e2e');
let browser: Browser;
/** The attendant role as this file found it. */
let attendantRole: Role | undefined;

beforeAll(async () => {
  // The user created here becomes an attendant and logs in with a password only.
  attendantRole = await changeRole(e2e, 'atendente', { requireTwoFactor: false });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (attendantRole) await restoreRole(e2e, attendantRole);
});

const NEW_USER = { name: 'Fábio Novato', email: 'fabio@acme.example', password: 'Fab#io!Nov9' };

/** Opens /users from the menu as the administrator. */
async function openUsers(page: Page): Promise<void> {
  await logIn(page, e2e.admin.email, e2e.admin.password);
  await mainNav(page).getByRole('link', { name: 'Usuários' }).click();
  await waitForPath(page, '/users');
  await page.getByRole('table').waitFor();
}

/** The visible table row of the user named `name`. */
function userRow(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ hasText: name });
}

/** Opens the row's "Ações" menu and picks `action`. */
async function rowAction(page: Page, name: string, action: string): Promise<void> {
  await userRow(page, name)
    .getByRole('button', { name: `Ações de ${name}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Buscar usuários' }).fill(text);
}

// docs/contracts.md#screens-and-routes, docs/contracts.md#password-strength
describe('users', () => {
  it('lists the users page by page and searches on the server', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await openUsers(page);
    await userRow(page, e2e.admin.name).waitFor();
    await userRow(page, e2e.attendant.name).waitFor();
    expect(await userRow(page, e2e.admin.name).innerText()).toContain('Administrador');
    await page.getByText(/^1–\d+ de \d+ usuários$/).waitFor();
    await snap(page, '04-users-list');

    const searched = page.waitForResponse(
      (response) => response.url().includes('/api/users?') && response.url().includes('search=carla'),
    );
    await search(page, 'carla');
    await searched;
    await userRow(page, e2e.twoFactorUser.name).waitFor();
    await userRow(page, e2e.admin.name).waitFor({ state: 'detached' });
    await snap(page, '04-users-search');

    await search(page, 'ninguem-com-este-nome');
    await page.getByText('Nenhum usuário encontrado').waitFor();
    await snap(page, '04-users-search-empty');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a user (strength meter, server field error), then edits their role and department', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await openUsers(page);
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo usuário' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(NEW_USER.name);
    // An email already in use: the server's field error shows under the field.
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(e2e.attendant.email);
    const password = dialog.locator('input[autocomplete="new-password"]');
    await password.fill('abc12345');
    // The meter speaks in words and says what is missing, never the rule's score.
    expect(await dialog.getByTestId('password-strength-label').innerText()).toBe('Senha fraca');
    expect(await dialog.getByTestId('password-strength-missing').innerText()).toBe(
      'Para ser aceita: tirar a sequência (como 123 ou abc).',
    );
    await password.fill(NEW_USER.password);
    expect(await dialog.getByTestId('password-strength-label').innerText()).toBe('Senha forte');
    // Created as supervisor, then changed to attendant below (the next test logs this user in
    // with a password only, whether or not the supervisor role requires two-factor).
    await dialog.getByRole('combobox', { name: /^Perfil/ }).click();
    await page.getByRole('option', { name: 'Supervisor' }).click();
    await dialog.getByRole('combobox', { name: /^Departamento/ }).click();
    await page.getByRole('option', { name: 'Comercial' }).click();
    await snap(page, '04-user-create');
    await dialog.getByRole('button', { name: 'Criar usuário' }).click();
    await dialog.getByText('Este email já está em uso.').waitFor();
    await toast(page, 'Não foi possível criar o usuário').waitFor();
    await snap(page, '04-user-create-email-taken');

    await dialog.getByRole('textbox', { name: /^Email/ }).fill(NEW_USER.email);
    await dialog.getByRole('button', { name: 'Criar usuário' }).click();
    await toast(page, 'Usuário criado').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await search(page, 'Fábio');
    const row = userRow(page, NEW_USER.name);
    await row.waitFor();
    expect(await row.innerText()).toContain('Comercial');
    expect(await row.innerText()).toContain('Supervisor');

    await rowAction(page, NEW_USER.name, 'Editar');
    const edit = page.getByRole('dialog', { name: `Editar usuário: ${NEW_USER.name}` });
    await edit.waitFor();
    await edit.getByRole('combobox', { name: /^Perfil/ }).click();
    await page.getByRole('option', { name: 'Atendente' }).click();
    await edit.getByRole('combobox', { name: /^Departamento/ }).click();
    await page.getByRole('option', { name: 'Financeiro' }).click();
    await snap(page, '04-user-edit');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Usuário salvo').waitFor();
    await row.filter({ hasText: 'Atendente' }).filter({ hasText: 'Financeiro' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes only the name, then only the email; the user logs in with the new email', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await openUsers(page);
    await search(page, 'Fábio');
    await rowAction(page, NEW_USER.name, 'Alterar nome');
    const nameDialog = page.getByRole('dialog', { name: 'Alterar nome' });
    await nameDialog.getByRole('textbox', { name: /Novo nome/ }).fill('Fábio Renomeado');
    const namePut = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().includes('/api/users/'),
    );
    await nameDialog.getByRole('button', { name: 'Salvar' }).click();
    expect((await namePut).postDataJSON()).toEqual({ name: 'Fábio Renomeado' });
    await toast(page, 'Nome alterado').waitFor();
    await userRow(page, 'Fábio Renomeado').waitFor();

    await rowAction(page, 'Fábio Renomeado', 'Alterar email');
    const emailDialog = page.getByRole('dialog', { name: 'Alterar email' });
    await emailDialog.getByRole('textbox', { name: /Novo email/ }).fill('fabio.novo@acme.example');
    await snap(page, '04-user-change-email');
    const emailPut = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().includes('/api/users/'),
    );
    await emailDialog.getByRole('button', { name: 'Salvar' }).click();
    expect((await emailPut).postDataJSON()).toEqual({ email: 'fabio.novo@acme.example' });
    await toast(page, 'Email alterado').waitFor();
    await userRow(page, 'fabio.novo@acme.example').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    const fabio = await openPage(browser, e2e.baseUrl);
    await logIn(fabio.page, 'fabio.novo@acme.example', NEW_USER.password);
    await fabio.page.getByRole('heading', { name: 'Olá, Fábio Renomeado!' }).waitFor();
    await fabio.context.close();
  });

  it('unblocks a user locked out by five wrong passwords', async () => {
    // Five wrong passwords through the login API, as someone guessing would.
    const guesser = await openPage(browser, e2e.baseUrl);
    await guesser.page.goto('/login');
    const statuses = await guesser.page.evaluate(async (email) => {
      const answers: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password: `errada-${attempt}`, ip: null }),
        });
        answers.push(response.status);
      }
      return answers;
    }, e2e.lockUser.email);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    await guesser.context.close();

    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await openUsers(page);
    await search(page, 'Eva');
    const row = userRow(page, e2e.lockUser.name);
    await row.getByText('Acesso bloqueado').waitFor();
    await snap(page, '04-users-blocked');
    await rowAction(page, e2e.lockUser.name, 'Desbloquear');
    const confirm = page.getByRole('dialog', { name: 'Desbloquear usuário' });
    await confirm.getByRole('button', { name: 'Desbloquear' }).click();
    await toast(page, 'Usuário desbloqueado').waitFor();
    await row.getByText('Acesso bloqueado').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();

    const eva = await openPage(browser, e2e.baseUrl);
    await logIn(eva.page, e2e.lockUser.email, e2e.lockUser.password);
    await eva.context.close();
  });

  it('deletes a user after confirmation; nobody can delete themselves', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await openUsers(page);
    await userRow(page, e2e.admin.name)
      .getByRole('button', { name: `Ações de ${e2e.admin.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Editar' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Excluir' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await search(page, 'Fábio');
    await rowAction(page, 'Fábio Renomeado', 'Excluir');
    const confirm = page.getByRole('dialog', { name: 'Excluir usuário' });
    await confirm.waitFor();
    await snap(page, '04-user-delete-confirm');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, 'Usuário excluído').waitFor();
    await page.getByText('Nenhum usuário encontrado').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
