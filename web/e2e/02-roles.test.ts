/**
 * Roles screens (docs/contracts.md#screens-and-routes, "Roles: list, and edit the permitted route
 * names of a role") against the real permission API.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { changeRole, getRole, restoreRole, type Role } from './support/api';
import { launchBrowser, logIn, logOut, mainNav, openPage, snap, waitForPath } from './support/browser';

const e2e = inject('e2e');
let browser: Browser;
/** The roles this file changes, as it found them (put back afterwards). */
let found: Role[] = [];

beforeAll(async () => {
  // The attendant role starts as seeded: without `users` (the last test gives it that route) and
  // two-factor optional. The administrator loses and gets back `tenants` in another test; it is
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
    expect(await attendant.innerText()).toContain('3 rotas');
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
    const tenantsLink = mainNav(page).getByRole('link', { name: 'Tenants' });
    await tenantsLink.waitFor();

    await page.getByRole('checkbox', { name: /^Tenants/ }).uncheck();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Perfil salvo').waitFor();
    await tenantsLink.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('permissionRoutes'))).not.toContain('"tenants"');

    await page.getByRole('checkbox', { name: /^Tenants/ }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await tenantsLink.waitFor();
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
    expect(await admin.page.getByRole('row').filter({ hasText: 'Atendente' }).innerText()).toContain('4 rotas');
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
