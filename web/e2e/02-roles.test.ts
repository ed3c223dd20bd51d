/**
 * Roles screens (docs/contracts.md#screens-and-routes, "Roles: list, and edit the permitted route
 * names of a role") against the real permission API.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { changeRole, getRole, restoreRole, type Role } from './support/api';
import { launchBrowser, logIn, logOut, mainNav, openPage, snap, waitForPath } from './support/browser';
import { shots } from './support/shots';

const e2e = inject('e2e');
let browser: Browser;
/** The roles this file changes, as it found them (put back afterwards). */
let found: Role[] = [];

beforeAll(async () => {
  // The attendant role starts as seeded: without `users` (the last test gives it that route) and
  // two-factor optional. The administrator loses and gets back `instances` in another test; it is
  // put back even if that test fails.
  found = [
    await changeRole(e2e, 'atendente', { revoke: ['users'], requireTwoFactor: false }),
    await getRole(e2e, 'administrador'),
  ];
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const role of found) await restoreRole(e2e, role);
});

/** Opens the roles list from the menu and the edit form of one role from there. */
async function openRoleEditor(page: Page, displayName: string): Promise<void> {
  await mainNav(page).getByRole('link', { name: 'Perfis de acesso' }).click();
  await waitForPath(page, '/roles/list');
  await page
    .getByRole('link', { name: `Editar o perfil ${displayName}` })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname.startsWith('/roles/edit/'));
  await page.getByRole('heading', { name: `Editar perfil: ${displayName}` }).waitFor();
}

function toast(page: Page, title: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: title });
}

// docs/contracts.md#screens-and-routes, docs/contracts.md#roles-and-route-permissions
describe('roles', () => {
  it('lists the roles with their routes and two-factor requirement', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.admin.email, e2e.admin.password);
    await mainNav(page).getByRole('link', { name: 'Perfis de acesso' }).click();
    await waitForPath(page, '/roles/list');
    const table = page.getByRole('table');
    await table.waitFor();
    const rows = table.getByRole('row');
    // header + administrador, supervisor, atendente
    expect(await rows.count()).toBe(4);
    const attendant = rows.filter({ hasText: 'Atendente' });
    expect(await attendant.innerText()).toContain('7 rotas');
    expect(await attendant.innerText()).toMatch(/opcional/i);
    await snap(page, '02-roles-list');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the server field error when administrador would lose the roles routes', async () => {
    const { page, context } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.admin.email, e2e.admin.password);
    await openRoleEditor(page, 'Administrador');
    await snap(page, '02-role-edit-admin');
    await page.getByRole('checkbox', { name: /Perfis de acesso/ }).uncheck();
    await page.getByRole('button', { name: 'Salvar' }).click();
    const message = 'O perfil administrador precisa manter as rotas de perfis (roles-list e roles-edit).';
    // Next to the permissions (the toast repeats it).
    await page.locator('.mantine-Alert-root[role="alert"]', { hasText: message }).waitFor();
    await toast(page, 'Não foi possível salvar o perfil').waitFor();
    await snap(page, '02-role-edit-field-error');
    await context.close();
  });

  it("saving the user's own role changes their menu at once", async () => {
    const { page, context } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.admin.email, e2e.admin.password);
    await openRoleEditor(page, 'Administrador');
    const instancesLink = mainNav(page).getByRole('link', { name: 'Instâncias' });
    await instancesLink.waitFor();

    await page.getByRole('checkbox', { name: /^Instâncias/ }).uncheck();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Perfil salvo').waitFor();
    await instancesLink.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('permissionRoutes'))).not.toContain('"instances"');

    await page.getByRole('checkbox', { name: /^Instâncias/ }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await instancesLink.waitFor();
    await context.close();
  });

  // Unsaved changes are not dropped silently: leaving asks first.
  it('leaving the role editor with unsaved changes asks "Descartar alterações?"', async () => {
    const { page, context, errors } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.admin.email, e2e.admin.password);
    await openRoleEditor(page, 'Supervisor');
    const editorPath = new URL(page.url()).pathname;
    const users = page.getByRole('checkbox', { name: /^Usuários/ });
    const before = await users.isChecked();
    await users.setChecked(!before);

    // Through the menu: the dialog asks, and staying keeps the change.
    await mainNav(page).getByRole('link', { name: 'Usuários' }).click();
    const dialog = page.getByRole('dialog', { name: 'Descartar alterações?' });
    await dialog.waitFor();
    await shots(page, '02-role-edit-discard');
    await dialog.getByRole('button', { name: 'Continuar editando' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(editorPath);
    expect(await users.isChecked()).toBe(!before);

    // The browser's back button asks too; discarding leaves, and nothing was saved.
    await page.goBack();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Descartar alterações' }).click();
    await waitForPath(page, '/roles/list');
    expect((await getRole(e2e, 'supervisor')).has_permission_routes.includes('users')).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  // Offline mid-navigation: the screen's code cannot arrive. Not "500 Algo deu errado".
  it('going offline before opening a screen says "Sem conexão" and recovers with "Tentar de novo"', async () => {
    const { page, context } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.admin.email, e2e.admin.password);
    await context.setOffline(true);
    await mainNav(page).getByRole('link', { name: 'Perfis de acesso' }).click();
    await page.getByRole('heading', { name: 'Sem conexão', level: 1 }).waitFor();
    expect(await page.getByText('Algo deu errado').count()).toBe(0);
    // Still offline: the retry says so instead of reloading into the browser's own error page.
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    await page.getByText(/Ainda sem conexão/).waitFor();
    await shots(page, '02-offline');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    await waitForPath(page, '/roles/list');
    await page.getByRole('table').waitFor();
    // The session survived the outage.
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await context.close();
  });

  it('an administrator gives the attendant role the route "users"; the attendant then sees Usuários', async () => {
    const admin = await openPage(browser, e2e.baseUrl);
    await logIn(admin.page, e2e.admin.email, e2e.admin.password);
    await openRoleEditor(admin.page, 'Atendente');
    const users = admin.page.getByRole('checkbox', { name: /^Usuários/ });
    expect(await users.isChecked()).toBe(false);
    await users.check();
    // The category "select all" reflects a partial selection.
    const selectAll = admin.page.getByRole('checkbox', { name: 'Selecionar todas as telas de Administração' });
    expect(await selectAll.getAttribute('data-indeterminate')).not.toBeNull();
    await snap(admin.page, '02-role-edit-attendant');
    await admin.page.getByRole('button', { name: 'Salvar' }).click();
    await toast(admin.page, 'Perfil salvo').waitFor();
    await admin.page.getByRole('link', { name: 'Voltar' }).click();
    await waitForPath(admin.page, '/roles/list');
    expect(await admin.page.getByRole('row').filter({ hasText: 'Atendente' }).innerText()).toContain('8 rotas');
    await logOut(admin.page);
    await admin.context.close();

    const attendant = await openPage(browser, e2e.baseUrl);
    await logIn(attendant.page, e2e.attendant.email, e2e.attendant.password);
    const link = mainNav(attendant.page).getByRole('link', { name: 'Usuários' });
    await link.waitFor();
    await link.click();
    await waitForPath(attendant.page, '/users');
    await snap(attendant.page, '02-attendant-users');
    await attendant.context.close();
  });

  it('an unknown role id shows the not-found state', async () => {
    const { page, context } = await openPage(browser, e2e.baseUrl);
    await logIn(page, e2e.admin.email, e2e.admin.password);
    await page.goto('/roles/edit/999');
    await page.getByText('Perfil não encontrado').waitFor();
    await snap(page, '02-role-edit-not-found');
    await context.close();
  });
});
