/**
 * API tokens (issue 47: integrations call the API without a person's password) in a real browser
 * against the real server: the administrator opens "Tokens de API" (a screen of route `users`,
 * right after "Níveis de serviço" in the menu), creates "ERP Bling" with perfil Atendente and reads
 * its secret from the dialog — the only time it is shown. The test's own process calls
 * `GET /api/tickets` with it (`Authorization: Bearer`, the tenant's `Host` as the helpers send it):
 * 200. Closing the dialog leaves the secret nowhere in the page nor in its storage; after a reload
 * the token's "Nunca usado" has become its last use. "Revogar", confirmed, and the same call
 * answers 401.
 *
 * Screenshots at 1280 and 390 px, light and dark (`26-*.png`), with axe-core: no serious or
 * critical violation. Runs on `acme`; the token ends revoked (its integration user stays, as the
 * author of what it did, and holds no seat), and is revoked in `afterAll` if a step failed first.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, send } from './support/api';
import { launchBrowser, logIn, mainNav, openPage, toast, waitForPath, type UserPage } from './support/browser';
import { fitsAPhone, shots } from './support/shots';

const e2e = inject('e2e');
const TOKEN_NAME = 'ERP Bling';
/** `bo_` and 40 letters and digits (server/src/domain/api_tokens). */
const TOKEN_SHAPE = /^bo_[A-Za-z0-9]{40}$/;

interface ListedToken {
  id: number;
  name: string;
  status: string;
  lastUsedAt: string | null;
}

let browser: Browser;
let admin: UserPage;
/** The secret read from the dialog (the test's own memory: the page must not keep it). */
let secret = '';

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  // A step that failed before "Revogar" must not leave a working token behind.
  const token = await adminToken(e2e);
  const listed = await send(e2e, 'GET', '/api/tokens', undefined, token);
  for (const found of (listed.body as ListedToken[] | null) ?? []) {
    if (found.name === TOKEN_NAME && found.status === 'active') {
      await send(e2e, 'DELETE', `/api/tokens/${found.id}`, undefined, token);
    }
  }
});

/** `GET /api/tickets` as an integration calls it: the token as the bearer, the tenant's host. */
function callWithToken(bearer: string) {
  return send(e2e, 'GET', '/api/tickets?status=pending', undefined, bearer);
}

/** The desktop table's row of the token (the phone's cards are hidden at 1280 px). */
function tokenRow(page: Page) {
  return page.getByTestId('api-token-row').filter({ hasText: TOKEN_NAME });
}

describe('API tokens', () => {
  it('the administrator opens "Tokens de API" from the menu, right after "Níveis de serviço"', async () => {
    admin = await openPage(browser, e2e.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.admin.email, e2e.admin.password);
    const links = await mainNav(page)
      .getByRole('link')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => (anchor.getAttribute('aria-label') ?? anchor.textContent ?? '').trim()),
      );
    const at = links.indexOf('Níveis de serviço');
    expect(links.slice(at, at + 2)).toEqual(['Níveis de serviço', 'Tokens de API']);
    await mainNav(page).getByRole('link', { name: 'Tokens de API' }).click();
    await waitForPath(page, '/api-tokens');
    await page.getByRole('heading', { name: 'Tokens de API', level: 1 }).waitFor();
    expect(await page.title()).toBe('Tokens de API · Back-office');
    // Files run in random order: 28-audit may have issued (and revoked) a token of its own first,
    // which stays listed as history. The empty state shows only when there is none.
    const earlier = ((await send(e2e, 'GET', '/api/tokens', undefined, await adminToken(e2e))).body ??
      []) as ListedToken[];
    if (earlier.length === 0) {
      await page.getByText('Nenhum token de API').waitFor();
    } else {
      await page.getByTestId('api-token-row').first().waitFor();
      expect(await page.getByText('Nenhum token de API').count()).toBe(0);
    }
    expect(await page.getByRole('heading', { name: 'Como funciona' }).isVisible()).toBe(true);
    await shots(page, '26-api-tokens-empty');
    await fitsAPhone(page);
    expect(admin.errors).toEqual([]);
  });

  it('creates "ERP Bling" with perfil Atendente and reads the secret, shown once', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Novo token' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Novo token' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Nome' }).fill(TOKEN_NAME);
    await dialog.getByRole('combobox', { name: 'Perfil' }).click();
    await page.getByRole('option', { name: 'Atendente', exact: true }).click();
    expect(await dialog.getByRole('combobox', { name: 'Departamento' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('radio', { name: '90 dias' }).isChecked()).toBe(true);
    await shots(page, '26-api-tokens-create');

    const created = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/tokens' && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Criar token' }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(201);
    const sent = answer.request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({ name: TOKEN_NAME, instanceIds: [], departmentId: null });
    const days = (Date.parse(String(sent.expiresAt)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const shown = page.getByRole('dialog', { name: 'Token criado' });
    await shown.waitFor();
    await shown.getByText('Copie agora: por segurança ele não será mostrado de novo.').waitFor();
    secret = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(secret).toMatch(TOKEN_SHAPE);
    expect(await shown.innerText()).toContain(
      `curl -H "Authorization: Bearer ${secret}" "https://${new URL(e2e.baseUrl).host}/api/tickets?status=pending"`,
    );
    expect(await shown.getByRole('button', { name: 'Copiar token' }).isVisible()).toBe(true);
    // Behind the dialog the list already has it, never used.
    expect(await tokenRow(page).textContent()).toContain('Nunca usado');
    expect(await tokenRow(page).textContent()).toContain(secret.slice(0, 9));
    await shots(page, '26-api-tokens-created');
    expect(admin.errors).toEqual([]);
  });

  it('an integration calls the API with it; closed, the dialog leaves the secret nowhere; its last use shows', async () => {
    const { page } = admin;
    const answer = await callWithToken(secret);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(Array.isArray((answer.body as { data?: unknown }).data)).toBe(true);

    await page.getByRole('dialog', { name: 'Token criado' }).getByRole('button', { name: 'Já copiei o token' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(secret);

    await page.reload();
    await tokenRow(page).waitFor();
    const row = await tokenRow(page).innerText();
    expect(row).not.toContain('Nunca usado');
    expect(row).toMatch(/agora|há \d+ min\./);
    expect(row).toContain('Ativo');
    expect(row).toContain('Atendente');
    expect(row).toContain('Todas');
    const listed = (await send(e2e, 'GET', '/api/tokens', undefined, await adminToken(e2e))).body as ListedToken[];
    expect(listed.find((token) => token.name === TOKEN_NAME)?.lastUsedAt).not.toBeNull();
    await shots(page, '26-api-tokens-list');
    await fitsAPhone(page);
    expect(admin.errors).toEqual([]);
  });

  it('"Revogar", confirmed, stops the integration at once: the same call answers 401', async () => {
    const { page } = admin;
    await tokenRow(page)
      .getByRole('button', { name: `Revogar ${TOKEN_NAME}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Revogar token' });
    await confirm.waitFor();
    const words = await confirm.innerText();
    expect(words).toContain(`“${TOKEN_NAME}”`);
    expect(words).toContain('param na hora');
    const revoked = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname.startsWith('/api/tokens/') && response.request().method() === 'DELETE',
    );
    await confirm.getByRole('button', { name: 'Revogar', exact: true }).click();
    expect((await revoked).status()).toBe(200);
    await toast(page, 'Token revogado').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await tokenRow(page).getByText('Revogado').waitFor();
    expect(
      await tokenRow(page)
        .getByRole('button', { name: /Revogar/ })
        .count(),
    ).toBe(0);

    const answer = await callWithToken(secret);
    expect(answer.status, JSON.stringify(answer.body)).toBe(401);
    expect(admin.errors).toEqual([]);
  });
});
