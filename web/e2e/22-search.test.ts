/**
 * The message search (docs/search.md) and the analytics by tag (docs/analytics.md#by-tag) in real
 * browsers against the real server. In the inbox tenant, on an instance of its own, a customer
 * writes two messages, one of them about a "boleto"; the administrator searches "boletos" on
 * "Buscar mensagens" (the plural finds the singular), sees the conversation with "boleto" marked,
 * opens the match and lands in the inbox at that message (in view, focused, the `message`
 * parameter gone from the URL). An attendant of another number searching the same finds nothing
 * (the inbox's visibility rule). In the dashboards tenant `demo`, whose seed tags its tickets and
 * syncs its analytics, the analytics dashboard's "Por etiqueta" card lists the tags, and its
 * "Etiqueta" filter (and a row of the card) filters the dashboard and the tickets behind a figure.
 *
 * Screenshots at 1280 and 390 px, light and dark (`22-search-*.png`, `22-analytics-tag-*.png`), with
 * axe-core: no serious or critical violation. The attendant it creates serves a number no other
 * file uses; nothing is changed in `demo`.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, mainNav, openPage, waitForPath, type UserPage } from './support/browser';
import {
  customerWrites,
  inboxAdminToken,
  inboxCall,
  inboxInstance,
  newWebhookSecret,
  startFakeProvider,
  type FakeProvider,
} from './support/inbox';
import { shots } from './support/shots';

const e2e = inject('e2e');
const CUSTOMER = { phone: '+55 41 93333-5656', name: 'Helena Prado' };
const BOLETO = 'Oi! Ainda não recebi o boleto de dezembro, podem reenviar?';
const OTHER = 'Obrigada pelo atendimento de ontem.';
/** An attendant of another number: none of this file's tickets are hers to see. */
const SOFIA = { name: 'Sofia Busca', email: 'sofia.busca@loja.example', password: 'Senha#Forte!9' };

let browser: Browser;
let provider: FakeProvider;
let otherProvider: FakeProvider;
let secret: string;
let instanceId: number;
let admin: UserPage;
let sofia: UserPage;
let demo: UserPage;

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  otherProvider = await startFakeProvider();
  secret = newWebhookSecret();
  const token = await inboxAdminToken(e2e);
  instanceId = await inboxInstance(e2e, token, 'WhatsApp Busca', provider, secret);
  const otherInstance = await inboxInstance(e2e, token, 'WhatsApp Outro Número', otherProvider, newWebhookSecret());
  const roles = await inboxCall<{ id: number; name: string }[]>(e2e, 'GET', '/api/permission', undefined, token);
  const attendant = roles.find((role) => role.name === 'atendente');
  if (!attendant) throw new Error('no atendente role');
  await inboxCall(
    e2e,
    'POST',
    '/api/users',
    { ...SOFIA, role_id: attendant.id, chosen_instances: [otherInstance] },
    token,
  );
});

afterAll(async () => {
  await admin?.context.close();
  await sofia?.context.close();
  await demo?.context.close();
  await browser?.close();
  await provider?.close();
  await otherProvider?.close();
});

describe('message search', () => {
  it('the administrator finds the customer’s message by its plural and opens the conversation at it', async () => {
    for (const body of [BOLETO, OTHER]) {
      const answer = await customerWrites(e2e, instanceId, secret, { ...CUSTOMER, body });
      expect(answer.status).toBe(200);
    }
    admin = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    await mainNav(page).getByRole('link', { name: 'Buscar mensagens' }).click();
    await waitForPath(page, '/search');
    await page.getByRole('heading', { name: 'Buscar mensagens', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Busque nas conversas que você pode ver' }).waitFor();

    const field = page.getByRole('textbox', { name: /Palavras da mensagem/ });
    await field.fill('boletos');
    await field.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'boletos');
    const result = page.getByRole('article', { name: CUSTOMER.name });
    await result.waitFor();
    // The singular found by the plural, marked; the other message is not a match.
    await result
      .locator('mark')
      .filter({ hasText: /^boleto$/ })
      .waitFor();
    const matches = result.getByRole('link');
    expect(await matches.count()).toBe(1);
    expect(await matches.first().innerText()).toContain('Cliente');
    expect(await result.getByText('WhatsApp Busca', { exact: false }).count()).toBeGreaterThan(0);
    await shots(page, '22-search');

    await matches.first().click();
    await waitForPath(page, '/');
    // The conversation opens at the message: in view, focused, and the link's parameter dropped.
    const message = page.locator('[data-message-id]').filter({ hasText: BOLETO });
    await message.waitFor();
    await expect.poll(() => message.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.has('message')).toBe(false);
    expect(new URL(page.url()).searchParams.get('ticket')).toMatch(/^\d+$/);
    const box = await message.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    await page.getByRole('heading', { name: CUSTOMER.name, exact: true }).first().waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('an attendant of another number finds nothing of it', async () => {
    sofia = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = sofia;
    await logIn(page, SOFIA.email, SOFIA.password);
    await page.goto('/search?q=boletos');
    await page.getByRole('heading', { name: 'Buscar mensagens', level: 1 }).waitFor();
    await page.getByText('Nenhuma mensagem encontrada').waitFor();
    expect(await page.getByRole('article', { name: CUSTOMER.name }).count()).toBe(0);
    expect(await page.locator('mark').count()).toBe(0);
    expect(sofia.errors).toEqual([]);
  });
});

describe('analytics by tag', () => {
  it('the seeded tags show in "Por etiqueta"; the "Etiqueta" filter reaches the dashboard and its drill-down', async () => {
    demo = await openPage(browser, e2e.demo.baseUrl);
    const { page } = demo;
    await logIn(page, e2e.demo.admin.email, e2e.demo.admin.password);
    await mainNav(page).getByRole('link', { name: 'Analytics' }).click();
    await waitForPath(page, '/dashboard/analytics');
    // The seed tags its tickets and syncs the analytics: the busiest tag comes first.
    const byTag = page.getByRole('region', { name: 'Por etiqueta', exact: true });
    const first = byTag.getByRole('button', { name: /^Filtrar por / }).first();
    await first.waitFor();
    const tagName = ((await first.getAttribute('aria-label')) ?? '').replace(/^Filtrar por /, '');
    expect(tagName).not.toBe('');
    await byTag.getByRole('img', { name: /^Gráfico de barras horizontais dos tickets abertos por etiqueta/ }).waitFor();

    const answer = page.waitForResponse(
      (response) => response.url().includes('/api/dashboard/analytics') && response.url().includes('tagId='),
    );
    await page.getByRole('combobox', { name: 'Etiqueta', exact: true }).click();
    await page.getByRole('option', { name: tagName, exact: true }).click();
    expect((await answer).status()).toBe(200);
    await page.waitForURL((url) => url.searchParams.has('tagId'));
    const tagId = new URL(page.url()).searchParams.get('tagId');
    await expect
      .poll(() =>
        byTag.getByRole('button', { name: `Filtrar por ${tagName}`, exact: true }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    await shots(page, '22-analytics-tag');

    // The tickets behind a figure are the tag's too.
    const drill = page.waitForResponse(
      (response) => response.url().includes('/api/dashboard/tickets') && response.url().includes(`tagId=${tagId}`),
    );
    await page.getByRole('button', { name: /^Tickets abertos: [\d.]+\. Ver os tickets$/ }).click();
    expect((await drill).status()).toBe(200);
    await page.keyboard.press('Escape');

    // The tag's row again clears the filter.
    await byTag.getByRole('button', { name: `Filtrar por ${tagName}`, exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has('tagId'));
    expect(demo.errors).toEqual([]);
  });
});
