/**
 * The audit log ("Auditoria", a screen of route `users`, right after "Tokens de API" in the menu)
 * in a real browser against the real server. Through the API, acme's administrator creates a user,
 * and an integration's API token (perfil Administrador) creates a tag, as an ERP would
 * (`Authorization: Bearer`). On /audit the administrator finds "Cria um usuário" by their own name
 * and the tag's creation by the token's name, marked "Token de API"; filtering by the action
 * "Cria um usuário" puts `action=users_create` in the URL and leaves only such rows, and survives a
 * reload; "Exportar planilha" downloads an `.xlsx`; a reversed period is refused next to the
 * period field. On the "Configurações" tab (`?tab=retencao`) the clean-up has not run yet; the audit
 * log kept 365 days is saved and survives a reload; 30 days is refused (by the API and under the
 * field). "O que registrar", above the policy: recording who opens someone else's conversation is
 * turned on (saved at once, notified), still on after a reload, and turned off again.
 *
 * Screenshots at 1280 and 390 px, light and dark (`28-*.png`), with axe-core: no serious or
 * critical violation. Runs on `acme`; the user and the tag are deleted, the token revoked and the
 * retention policy put back to "guardar para sempre" and conversation reads to not recorded in
 * `afterAll` (the log keeps what they did: it cannot be altered).
 */
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, send } from './support/api';
import { seriousA11yViolations, transitionsEnded } from './support/axe';
import { launchBrowser, logIn, mainNav, openPage, toast, waitForPath, type UserPage } from './support/browser';
import { fitsAPhone, shots } from './support/shots';

const e2e = inject('e2e');
/** The user the administrator creates (an attendant; deleted at the end). */
const OTAVIO = { name: 'Otávio Auditado', email: 'otavio.auditado@acme.example', password: 'Otavio#Forte!28' };
/** The integration's token, and the tag it creates. */
const TOKEN_NAME = 'Auditoria e2e';
const TAG = { name: 'Auditoria e2e', color: '#228be6' };
const SCREENSHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

let browser: Browser;
let admin: UserPage;
let userId: number | null = null;
let tokenId: number | null = null;
let tagId: number | null = null;

/** The id of acme's role `name`. */
async function roleId(token: string, name: string): Promise<number> {
  const answer = await send(e2e, 'GET', '/api/permission', undefined, token);
  const role = (answer.body as { id: number; name: string }[]).find((candidate) => candidate.name === name);
  if (!role) throw new Error(`no role ${name}: ${JSON.stringify(answer.body)}`);
  return role.id;
}

beforeAll(async () => {
  const token = await adminToken(e2e);
  // The administrator creates a user…
  const created = await send(
    e2e,
    'POST',
    '/api/users',
    {
      name: OTAVIO.name,
      email: OTAVIO.email,
      password: OTAVIO.password,
      role_id: await roleId(token, 'atendente'),
      chosen_instances: [],
    },
    token,
  );
  if (created.status !== 201) throw new Error(`create user → ${created.status}: ${JSON.stringify(created.body)}`);
  userId = (created.body as { id: number }).id;
  // …and an integration's token, which creates a tag as an ERP would.
  const issued = await send(
    e2e,
    'POST',
    '/api/tokens',
    { name: TOKEN_NAME, roleId: await roleId(token, 'administrador'), instanceIds: [], departmentId: null },
    token,
  );
  if (issued.status !== 201) throw new Error(`create token → ${issued.status}: ${JSON.stringify(issued.body)}`);
  const { id, token: secret } = issued.body as { id: number; token: string };
  tokenId = id;
  const tag = await send(e2e, 'POST', '/api/tags', TAG, secret);
  if (tag.status !== 201) throw new Error(`create tag → ${tag.status}: ${JSON.stringify(tag.body)}`);
  tagId = (tag.body as { id: number }).id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  const token = await adminToken(e2e);
  if (tagId !== null) await send(e2e, 'DELETE', `/api/tags/${tagId}`, undefined, token);
  if (tokenId !== null) await send(e2e, 'DELETE', `/api/tokens/${tokenId}`, undefined, token);
  if (userId !== null) await send(e2e, 'DELETE', `/api/users/${userId}`, undefined, token);
  await send(e2e, 'PUT', '/api/retention', KEEP_FOREVER, token);
  await send(e2e, 'PUT', '/api/audit/settings', { conversationReads: false }, token);
});

/** The retention policy as the tenant starts: every kind kept forever. */
const KEEP_FOREVER = { loginFailuresDays: null, webhookDeliveriesDays: null, auditLogDays: null };

/** The audit log's row of the retention form. */
function auditRetention(page: Page) {
  return page.getByRole('group', { name: 'Registros de auditoria' });
}

/** "O que registrar"'s switch: whether reading someone else's conversation is recorded. */
function conversationReads(page: Page) {
  return page
    .getByRole('region', { name: 'O que registrar' })
    .getByRole('switch', { name: 'Registrar quem abre a conversa de um atendimento de outra pessoa' });
}

/** The desktop table's rows (the phone's cards are hidden at 1280 px). */
function rows(page: Page) {
  return page.getByRole('table', { name: 'Registros de auditoria' }).getByTestId('audit-row');
}

describe('audit log', () => {
  it('the administrator opens "Auditoria" from the menu, right after "Tokens de API"', async () => {
    admin = await openPage(browser, e2e.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.admin.email, e2e.admin.password);
    const links = await mainNav(page)
      .getByRole('link')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => (anchor.getAttribute('aria-label') ?? anchor.textContent ?? '').trim()),
      );
    const at = links.indexOf('Tokens de API');
    expect(links.slice(at, at + 2)).toEqual(['Tokens de API', 'Auditoria']);
    await mainNav(page).getByRole('link', { name: 'Auditoria' }).click();
    await waitForPath(page, '/audit');
    await page.getByRole('heading', { name: 'Auditoria', level: 1 }).waitFor();
    expect(await page.title()).toBe('Auditoria · Back-office');
    await page.getByText('O registro não pode ser alterado nem apagado.', { exact: false }).waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('shows the user created by the administrator, and the tag created with the token, marked "Token de API"', async () => {
    const { page } = admin;
    const created = rows(page).filter({ hasText: 'Cria um usuário' }).filter({ hasText: e2e.admin.name });
    await created.first().waitFor();
    const text = await created.first().innerText();
    expect(text).toContain('POST /api/users');
    expect(text).toContain('Sessão');
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(await created.first().getByText('Token de API').count()).toBe(0);

    const tagged = rows(page).filter({ hasText: 'POST /api/tags' }).filter({ hasText: TOKEN_NAME });
    await tagged.first().waitFor();
    const tagRow = await tagged.first().innerText();
    // The badge by the token's name, and the origin.
    expect(await tagged.first().getByText('Token de API', { exact: true }).count()).toBe(2);
    expect(tagRow).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await shots(page, '28-audit');
    await fitsAPhone(page, async () => {
      // The cards, not the table, on a phone.
      expect(await page.getByTestId('audit-card').first().isVisible()).toBe(true);
      expect(await page.getByRole('table', { name: 'Registros de auditoria' }).isVisible()).toBe(false);
    });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  it('filters by the action "Cria um usuário": the URL says so, only such rows, kept on reload', async () => {
    const { page } = admin;
    // The period's calendar, open: named, pt-BR, no serious violation.
    await page.getByRole('button', { name: 'Período', exact: true }).click();
    await page.getByRole('button', { name: 'Mês anterior' }).waitFor();
    await transitionsEnded(page);
    await page.screenshot({ path: join(SCREENSHOTS_DIR, '28-audit-period-open-desktop.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Mês anterior' }).waitFor({ state: 'detached' });

    // The operations, grouped by area.
    await page.getByRole('combobox', { name: 'Ação', exact: true }).click();
    const options = page.getByRole('listbox');
    await options.getByRole('option', { name: 'Cria um usuário', exact: true }).waitFor();
    await transitionsEnded(page);
    await page.screenshot({ path: join(SCREENSHOTS_DIR, '28-audit-actions-open-desktop.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await options.getByRole('option', { name: 'Cria um usuário', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/audit' && url.searchParams.get('action') === 'users_create');
    await expect
      .poll(async () => new Set(await rows(page).evaluateAll((all) => all.map((row) => row.dataset.action))))
      .toEqual(new Set(['users_create']));
    expect(await rows(page).filter({ hasText: e2e.admin.name }).count()).toBeGreaterThan(0);
    expect(await rows(page).filter({ hasText: 'POST /api/tags' }).count()).toBe(0);

    await page.reload();
    await rows(page).first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Ação', exact: true }).inputValue()).toBe('Cria um usuário');
    expect(new Set(await rows(page).evaluateAll((all) => all.map((row) => row.dataset.action)))).toEqual(
      new Set(['users_create']),
    );
    await shots(page, '28-audit-filtered');
    expect(admin.errors).toEqual([]);
  });

  it('"Exportar planilha" downloads the filtered log as an .xlsx', async () => {
    const { page } = admin;
    const sheet = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/audit/sheet');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar planilha' }).click();
    const request = await sheet;
    expect(new URL(request.url()).searchParams.get('action')).toBe('users_create');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^auditoria-.*\.xlsx$/);
    const path = await file.path();
    expect(statSync(path).size).toBeGreaterThan(0);
    expect(admin.errors).toEqual([]);
  });

  it('a reversed period is refused next to the period field', async () => {
    const { page } = admin;
    await page.goto('/audit?from=2026-12-06&to=2026-12-01');
    const period = page.getByRole('button', { name: 'Período', exact: true });
    await expect.poll(() => period.getAttribute('aria-invalid')).toBe('true');
    const described = await period.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described.trim()).not.toBe('');
    await page.getByText('Corrija os filtros para ver os registros.').waitFor();
    expect(await page.getByRole('button', { name: 'Exportar planilha' }).isDisabled()).toBe(true);
    await shots(page, '28-audit-refused');
    expect(admin.errors).toEqual([]);
  });

  it('"Configurações": the audit log kept 365 days is saved and survives a reload', async () => {
    const { page } = admin;
    await page.goto('/audit');
    await page.getByRole('tab', { name: 'Configurações' }).click();
    await page.waitForURL((url) => url.pathname === '/audit' && url.searchParams.get('tab') === 'retencao');
    await page.getByRole('heading', { name: 'Retenção dos registros' }).waitFor();
    await page.getByText('A limpeza ainda não rodou.').waitFor();
    await shots(page, '28-audit-retention');

    const row = auditRetention(page);
    const forever = row.getByRole('switch', { name: 'Guardar para sempre' });
    expect(await forever.isChecked()).toBe(true);
    await forever.click();
    const days = row.getByRole('textbox', { name: 'Dias' });
    expect(await days.inputValue()).toBe('180');
    await days.fill('365');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await toast(page, 'Política de retenção salva.').waitFor();
    expect(await page.getByRole('button', { name: 'Salvar', exact: true }).isDisabled()).toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: 'Retenção dos registros' }).waitFor();
    expect(await auditRetention(page).getByRole('switch', { name: 'Guardar para sempre' }).isChecked()).toBe(false);
    expect(await auditRetention(page).getByRole('textbox', { name: 'Dias' }).inputValue()).toBe('365');
    expect(admin.errors).toEqual([]);
  });

  it('"Configurações": fewer days than the audit log\'s minimum are refused under its field', async () => {
    const { page } = admin;
    const refused = await send(
      e2e,
      'PUT',
      '/api/retention',
      { ...KEEP_FOREVER, auditLogDays: 30 },
      await adminToken(e2e),
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'invalid_retention',
      errors: [expect.objectContaining({ field: 'auditLogDays' })],
    });
    const message = (refused.body as { errors: { message: string }[] }).errors[0]?.message ?? '';
    expect(message).not.toBe('');

    const days = auditRetention(page).getByRole('textbox', { name: 'Dias' });
    await days.fill('30');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect.poll(() => days.getAttribute('aria-invalid')).toBe('true');
    await auditRetention(page).getByText(message).waitFor();
    await shots(page, '28-audit-retention-refused');
    // Still 365 on the server.
    await page.reload();
    expect(await auditRetention(page).getByRole('textbox', { name: 'Dias' }).inputValue()).toBe('365');
    expect(admin.errors).toEqual([]);
  });
  it('"O que registrar": recording who opens someone else\'s conversation is saved at once and survives a reload', async () => {
    const { page } = admin;
    await page.goto('/audit?tab=retencao');
    const toggle = conversationReads(page);
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    // Above the retention policy.
    const [card, policy] = await Promise.all([
      page.getByRole('region', { name: 'O que registrar' }).boundingBox(),
      page.getByRole('heading', { name: 'Retenção dos registros' }).boundingBox(),
    ]);
    expect(card && policy && card.y + card.height <= policy.y).toBe(true);

    await toggle.click();
    await toast(page, 'Configuração da auditoria salva.').waitFor();
    expect(await toggle.isChecked()).toBe(true);
    const saved = await send(e2e, 'GET', '/api/audit/settings', undefined, await adminToken(e2e));
    expect(saved.body).toEqual({ conversationReads: true });

    await page.reload();
    await conversationReads(page).waitFor();
    expect(await conversationReads(page).isChecked()).toBe(true);
    await shots(page, '28-audit-settings');

    await conversationReads(page).click();
    await toast(page, 'Configuração da auditoria salva.').waitFor();
    expect(await conversationReads(page).isChecked()).toBe(false);
    await page.reload();
    await conversationReads(page).waitFor();
    expect(await conversationReads(page).isChecked()).toBe(false);
    expect(admin.errors).toEqual([]);
  });
});
