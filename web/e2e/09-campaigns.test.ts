/**
 * Campaigns and campaign-status webhooks (docs/campaigns.md) end to end, in the inbox test's tenant
 * `loja` (e2e/global-setup.ts) but on an instance of its own ("Campanhas Loja", with its own fake
 * provider), so 06-inbox and 08-chatbot see nothing of it. The `campaigns` and `webhooks` options
 * are switched on through the operator API when they were off (and back in `afterAll`).
 *
 * The administrator creates a webhook endpoint pointing at a receiver the test runs on 127.0.0.1
 * (its secret shows once; "Enviar teste" is delivered, signed, and shows in the endpoint's log),
 * then creates a campaign through the form — phones typed one per line, one of them invalid and
 * one repeated —, previews it (the pre-flight: recipients, the duplicate removed, the invalid phone,
 * the rendered message), creates it and starts it. The provider takes the messages at the
 * instance's rate; the test pushes their acks (delivered, read) and a customer's answer, and the
 * detail's progress moves without a reload. The receiver gets `campaign.status` events signed with
 * the endpoint's secret, and the endpoint's log shows them. An operator then asks, from the tenants
 * screen, to generate the campaign status webhooks of the day for two statuses and sees the count
 * queued for each.
 *
 * Screenshots at 1280 and 390 px, light and dark (`09-*.png`), and axe-core (no serious or
 * critical violation) in each state.
 */
import { createHmac } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorToken, setTenantFeature, tenantFeatures } from './support/api';
import { seriousA11yViolations } from './support/axe';
import {
  DESKTOP,
  launchBrowser,
  logIn,
  mainNav,
  MOBILE,
  openPage,
  toast,
  waitForPath,
  type UserPage,
} from './support/browser';
import {
  customerWrites,
  inboxAdminToken,
  inboxCall,
  newWebhookSecret,
  pushProviderEvent,
  startFakeProvider,
  type FakeProvider,
} from './support/inbox';
import { shots } from './support/shots';

/** A 1 × 1 PNG: the campaign's photo. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PHOTO_NAME = 'natal.png';
const e2e = inject('e2e');
const SCREENSHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
const INSTANCE_NAME = 'Campanhas Loja';
const CAMPAIGN_NAME = 'Natal na Loja';
const ENDPOINT_DESCRIPTION = 'CRM de testes';
/** Three customers, one of them typed twice (a duplicate), and a phone that is not one. */
const RECIPIENTS = [
  { phone: '+55 11 97000-1001', digits: '5511970001001' },
  { phone: '+55 21 97000-1002', digits: '5521970001002' },
  { phone: '+55 31 97000-1003', digits: '5531970001003' },
];
const INVALID_PHONE = '123';
const OPTIONS = ['campaigns', 'webhooks'] as const;

let browser: Browser;
let provider: FakeProvider;
let providerSecret: string;
let instanceId: number;
let receiver: WebhookReceiver;
let admin: UserPage;
/** The endpoint's signing secret, as the screen showed it once. */
let endpointSecret = '';
/** The options of `loja` before this file (put back in `afterAll`). */
const optionsBefore = new Map<string, boolean>();
/** The administrador role of `loja` as found, when this file had to add routes to it. */
let roleBefore: { id: number; routes: string[]; requireTwoFactor: boolean } | null = null;

/** A request the webhook receiver got. */
interface ReceivedHook {
  headers: Record<string, string>;
  body: string;
  json: { type?: string; data?: Record<string, unknown> } | null;
}

interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  close: () => Promise<void>;
}

/** The tenant's webhook endpoint: records every POST and answers 200 (plain HTTP on 127.0.0.1). */
async function startReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let parsed: ReceivedHook['json'];
      try {
        parsed = JSON.parse(body) as ReceivedHook['json'];
      } catch {
        parsed = null;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      received.push({ headers, body, json: parsed });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/loja`,
    received,
    // The back-office keeps its keep-alive connections to us open (and may be mid-request, e.g. a
    // retried delivery): `close()` alone would wait for them, so they are cut first.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** True when one of the `v1,` signatures of a delivery is the secret's (Standard Webhooks). */
function signedWith(hook: ReceivedHook, secret: string): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${hook.headers['webhook-id']}.${hook.headers['webhook-timestamp']}.${hook.body}`)
    .digest('base64');
  return (hook.headers['webhook-signature'] ?? '').split(' ').includes(`v1,${expected}`);
}

interface Role {
  id: number;
  name: string;
  has_permission_routes: string[];
  require_two_factor: boolean;
}

/** Gives `loja`'s administrador role the two routes when it lacks them (remembered for `afterAll`). */
async function grantRoutes(token: string): Promise<void> {
  const roles = await inboxCall<Role[]>(e2e, 'GET', '/api/permission', undefined, token);
  const role = roles.find((candidate) => candidate.name === 'administrador');
  if (!role) throw new Error('no administrador role in loja');
  const missing = OPTIONS.filter((route) => !role.has_permission_routes.includes(route));
  if (missing.length === 0) return;
  roleBefore = { id: role.id, routes: role.has_permission_routes, requireTwoFactor: role.require_two_factor };
  await inboxCall(
    e2e,
    'POST',
    '/api/permission/update',
    {
      roleId: role.id,
      permissions: [...role.has_permission_routes, ...missing],
      requireTwoFactor: role.require_two_factor,
    },
    token,
  );
}

/** The messages of this campaign the provider took (their ids, to ack them). */
function campaignMessages(): FakeProvider['sent'] {
  return provider.sent.filter((message) => message.body.includes('aproveite o Natal'));
}

async function ack(id: string, status: 'delivered' | 'read'): Promise<void> {
  const answer = await pushProviderEvent(e2e, instanceId, providerSecret, { type: 'ack', data: { id, ack: status } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The detail's live progress: `aria-valuenow` (0–100) of the bar. */
async function progressValue(page: Page): Promise<number> {
  const value = await page
    .getByRole('progressbar', { name: `Progresso de ${CAMPAIGN_NAME}` })
    .getAttribute('aria-valuenow');
  return Number(value ?? -1);
}

/** A number the detail shows in a status tile (`stat-delivered`...). */
async function stat(page: Page, status: string): Promise<number> {
  const text = (await page.getByTestId(`stat-${status}`).locator('p').last().textContent()) ?? '';
  return Number(text.replace(/\D/g, '') || '-1');
}

/** São Paulo's today as a date field takes it typed: `DD/MM/AAAA`. */
function today(): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  receiver = await startReceiver();
  providerSecret = newWebhookSecret();
  const operator = await operatorToken(e2e);
  const features = await tenantFeatures(e2e, operator, e2e.inbox.tenant);
  for (const option of OPTIONS) {
    const enabled = features.find((feature) => feature.option === option)?.enabled ?? false;
    optionsBefore.set(option, enabled);
    if (!enabled) await setTenantFeature(e2e, operator, e2e.inbox.tenant, option, true);
  }
  const token = await inboxAdminToken(e2e);
  await grantRoutes(token);
  const instance = await inboxCall<{ id: number }>(
    e2e,
    'POST',
    '/api/instance',
    {
      name: INSTANCE_NAME,
      isOfficial: false,
      isUnlimited: false,
      providerBaseUrl: provider.url,
      providerSecret,
    },
    token,
  );
  instanceId = instance.id;
  // The number is connected (a campaign on a disconnected instance waits for it).
  const connected = await pushProviderEvent(e2e, instanceId, providerSecret, {
    type: 'status',
    data: { status: 'connected' },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBe(200);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await provider?.close();
  await receiver?.close();
  if (roleBefore) {
    const token = await inboxAdminToken(e2e);
    await inboxCall(
      e2e,
      'POST',
      '/api/permission/update',
      { roleId: roleBefore.id, permissions: roleBefore.routes, requireTwoFactor: roleBefore.requireTwoFactor },
      token,
    );
  }
  const changed = OPTIONS.filter((option) => optionsBefore.get(option) === false);
  if (changed.length > 0) {
    const operator = await operatorToken(e2e);
    for (const option of changed) await setTenantFeature(e2e, operator, e2e.inbox.tenant, option, false);
  }
});

describe('webhook endpoints', () => {
  it('the administrator creates an endpoint: its secret shows once; a test is delivered, signed', async () => {
    admin = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    await mainNav(page).getByRole('link', { name: 'Webhooks' }).click();
    await waitForPath(page, '/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('Nenhum endpoint').waitFor();
    await shots(page, '09-webhooks-empty');

    await page.getByRole('button', { name: 'Novo endpoint' }).first().click();
    const form = page.getByRole('dialog', { name: 'Novo endpoint' });
    await form.getByRole('textbox', { name: /URL/ }).fill(receiver.url);
    await form.getByRole('textbox', { name: 'Descrição' }).fill(ENDPOINT_DESCRIPTION);
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/webhooks') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Criar endpoint' }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(201);

    const shown = page.getByRole('dialog', { name: 'Endpoint criado' });
    await shown.getByText('Guarde este segredo agora').waitFor();
    endpointSecret = await shown.getByRole('textbox', { name: 'Segredo de assinatura' }).inputValue();
    expect(endpointSecret).toMatch(/^whsec_/);
    await shots(page, '09-webhook-secret');
    await shown.getByRole('button', { name: 'Já guardei o segredo' }).click();
    await shown.waitFor({ state: 'detached' });
    const card = page.getByTestId('webhook-card').filter({ hasText: ENDPOINT_DESCRIPTION });
    await card.getByText('Ativo', { exact: true }).waitFor();
    // Shown once: the list never holds it.
    expect(await page.getByText(endpointSecret).count()).toBe(0);

    await card.getByRole('button', { name: 'Enviar teste' }).click();
    await toast(page, 'Teste enviado').waitFor();
    await expect
      .poll(() => receiver.received.filter((hook) => hook.json?.type === 'webhook.test').length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const testHook = receiver.received.find((hook) => hook.json?.type === 'webhook.test');
    expect(testHook && signedWith(testHook, endpointSecret), JSON.stringify(testHook?.headers)).toBe(true);

    await card.getByRole('button', { name: 'Entregas' }).click();
    await page.waitForURL((url) => url.searchParams.has('endpoint'));
    const drawer = page.getByRole('dialog', { name: `Entregas: ${ENDPOINT_DESCRIPTION}` });
    const testDelivery = drawer.getByTestId('delivery').filter({ hasText: 'Teste' }).filter({ hasText: 'Entregue' });
    await testDelivery.waitFor({ timeout: 20_000 });
    await testDelivery.getByRole('button').first().click();
    await testDelivery
      .getByTestId('delivery-payload')
      .getByText(/webhook\.test/)
      .waitFor();
    await toast(page, 'Teste enviado').waitFor({ state: 'detached', timeout: 15_000 });
    await shots(page, '09-webhook-deliveries');
    await drawer.getByRole('button', { name: /Fechar/ }).click();
    expect(admin.errors).toEqual([]);
  });
});

describe('campaigns', () => {
  it('creates a campaign in the form: the preview shows the pre-flight before it is created', async () => {
    const { page } = admin;
    await mainNav(page).getByRole('link', { name: 'Campanhas' }).click();
    await waitForPath(page, '/campaigns');
    await page.getByRole('heading', { name: 'Campanhas', level: 1 }).waitFor();
    await page.getByText('Nenhuma campanha ainda').or(page.getByTestId('campaign-card').first()).waitFor();
    await shots(page, '09-campaigns-start');

    // Each instance's send rate, shared by its campaigns.
    await page.getByRole('button', { name: 'Ritmo de envio' }).click();
    const rates = page.getByRole('dialog', { name: 'Ritmo de envio' });
    await rates
      .getByRole('button', { name: /^Salvar ritmo de / })
      .first()
      .waitFor();
    await shots(page, '09-send-rates');
    await page.keyboard.press('Escape');
    await rates.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Nova campanha' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nova campanha' });
    await form.getByRole('textbox', { name: /Nome da campanha/ }).fill(CAMPAIGN_NAME);
    await form.getByRole('combobox', { name: /Instância/ }).click();
    await page.getByRole('option', { name: INSTANCE_NAME }).click();
    const body = form.getByRole('textbox', { name: /Mensagem/ });
    await body.fill('Olá ');
    await form.getByRole('button', { name: 'Inserir {{nome}}' }).click();
    await body.press('End');
    await body.pressSequentially(', aproveite o Natal! Seu número: {{telefone}}');
    expect(await body.inputValue()).toBe('Olá {{nome}}, aproveite o Natal! Seu número: {{telefone}}');
    await form
      .getByRole('textbox', { name: /Telefones/ })
      .fill([...RECIPIENTS.map((recipient) => recipient.phone), RECIPIENTS[0]!.phone, INVALID_PHONE].join('\n'));
    expect(await form.getByRole('button', { name: 'Criar campanha' }).isDisabled()).toBe(true);
    // A photo goes with every message, the text its caption.
    await form
      .locator('input[type="file"]:not([accept*=".xlsx"])')
      .setInputFiles({ name: PHOTO_NAME, mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });
    await form.getByTestId('attached-file').getByText(PHOTO_NAME).waitFor();

    const previewed = page.waitForResponse((response) => response.url().endsWith('/api/campaigns/preview'));
    await form.getByRole('button', { name: 'Pré-visualizar' }).click();
    const preview = await previewed;
    expect(preview.status(), await preview.text()).toBe(200);
    const panel = form.getByRole('region', { name: 'Pré-visualização' });
    await panel.waitFor();
    expect(await panel.getByTestId('preflight-recipients').textContent()).toBe(String(RECIPIENTS.length));
    expect(await panel.getByTestId('preflight-duplicates').textContent()).toBe('1');
    await panel.getByRole('table', { name: 'Telefones inválidos' }).getByText(INVALID_PHONE, { exact: true }).waitFor();
    await panel
      .getByTestId('preflight-sample')
      .first()
      .getByText(/aproveite o Natal!/)
      .waitFor();
    await panel.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shots(page, '09-campaign-preview');
    // A phone's full-screen form scrolls inside itself: the pre-flight, in view.
    await page.setViewportSize(MOBILE);
    await panel.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(SCREENSHOTS_DIR, '09-campaign-preview-panel-mobile.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/campaigns') && response.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Criar campanha' }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(201);
    expect((answer.request().postDataJSON() as { attachment?: { fileName: string } }).attachment?.fileName).toBe(
      PHOTO_NAME,
    );
    await page.waitForURL((url) => url.searchParams.has('campaign'));
    await page.getByText(PHOTO_NAME).first().waitFor();
    await page.getByRole('heading', { name: CAMPAIGN_NAME, level: 2 }).waitFor();
    await page.getByTestId('campaign-status').getByText('Rascunho').waitFor();
    await shots(page, '09-campaign-draft');
    expect(admin.errors).toEqual([]);
  });

  it('starts it: the progress moves live as the provider takes, delivers and reads the messages', async () => {
    const { page } = admin;
    // Set in the page: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const sentBefore = campaignMessages().length;
    await page.getByRole('button', { name: 'Iniciar' }).click();
    await toast(page, 'Campanha iniciada').waitFor();
    await page
      .getByTestId('campaign-status')
      .getByText(/Enviando|Concluída/)
      .waitFor();

    // The provider takes every message at the instance's rate; the bar follows.
    await expect
      .poll(() => campaignMessages().length - sentBefore, { timeout: 60_000, interval: 500 })
      .toBeGreaterThan(0);
    await expect.poll(() => progressValue(page), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => campaignMessages().length - sentBefore, { timeout: 90_000, interval: 1000 })
      .toBe(RECIPIENTS.length);
    const messages = campaignMessages().slice(sentBefore);
    for (const message of messages) {
      // A customer without a name: the server drops `{{nome}}` with its space ("Olá, aproveite").
      expect(message.body, JSON.stringify(messages)).toMatch(/^Olá.*, aproveite o Natal! Seu número: \+?\d+$/);
    }
    await expect.poll(() => progressValue(page), { timeout: 20_000 }).toBe(100);
    await page.getByTestId('campaign-status').getByText('Concluída').waitFor({ timeout: 30_000 });

    // Delivered, then read: the tiles move without a reload.
    for (const message of messages) await ack(message.id, 'delivered');
    await expect.poll(() => stat(page, 'delivered'), { timeout: 20_000 }).toBe(RECIPIENTS.length);
    await ack(messages[0]!.id, 'read');
    await ack(messages[1]!.id, 'read');
    await expect.poll(() => stat(page, 'read'), { timeout: 20_000 }).toBe(2);
    expect(await stat(page, 'delivered')).toBe(1);
    // A customer answers: replied.
    const who = RECIPIENTS.find((recipient) =>
      messages[0]!.phone.replace(/\D/g, '').endsWith(recipient.digits.slice(-8)),
    );
    await customerWrites(e2e, instanceId, providerSecret, {
      phone: who?.phone ?? RECIPIENTS[0]!.phone,
      name: 'Cliente da campanha',
      body: 'Quero aproveitar!',
    });
    await expect.poll(() => stat(page, 'replied'), { timeout: 20_000 }).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The recipients, filtered by status.
    await page.getByRole('combobox', { name: 'Situação do destinatário' }).click();
    await page.getByRole('option', { name: 'Lida' }).click();
    await expect
      .poll(() => page.getByRole('table', { name: 'Destinatários da campanha' }).getByTestId('recipient-row').count())
      .toBe(1);
    await shots(page, '09-campaign-detail');

    await page.getByRole('link', { name: /Voltar às campanhas/ }).click();
    const card = page.getByTestId('campaign-card').filter({ hasText: CAMPAIGN_NAME });
    await card.getByText('Concluída').waitFor();
    await shots(page, '09-campaigns-list');
    expect(admin.errors).toEqual([]);
  });

  it('the endpoint receives the campaign’s status changes, signed, and its log shows them', async () => {
    const { page } = admin;
    await expect
      .poll(() => receiver.received.filter((hook) => hook.json?.type === 'campaign.status').length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const hooks = receiver.received.filter((hook) => hook.json?.type === 'campaign.status');
    for (const hook of hooks) expect(signedWith(hook, endpointSecret), JSON.stringify(hook.headers)).toBe(true);
    expect(hooks.some((hook) => hook.json?.data?.campaignName === CAMPAIGN_NAME)).toBe(true);

    await mainNav(page).getByRole('link', { name: 'Webhooks' }).click();
    await waitForPath(page, '/webhooks');
    const card = page.getByTestId('webhook-card').filter({ hasText: ENDPOINT_DESCRIPTION });
    await card.getByRole('button', { name: 'Entregas' }).click();
    const drawer = page.getByRole('dialog', { name: `Entregas: ${ENDPOINT_DESCRIPTION}` });
    const delivery = drawer
      .getByTestId('delivery')
      .filter({ hasText: 'Status de campanha' })
      .filter({ hasText: 'Entregue' })
      .first();
    await delivery.waitFor({ timeout: 20_000 });
    await delivery.getByRole('button').first().click();
    await delivery.getByTestId('delivery-payload').getByText(new RegExp(CAMPAIGN_NAME)).waitFor();
    await shots(page, '09-webhook-campaign-delivery');
    const retried = page.waitForResponse((response) => /\/api\/webhooks\/deliveries\/\d+\/retry$/.test(response.url()));
    await delivery.getByRole('button', { name: 'Reenviar' }).click();
    // The delivery queued again (202 Accepted).
    expect((await retried).ok()).toBe(true);
    await toast(page, 'Entrega na fila de novo').waitFor();
    expect(admin.errors).toEqual([]);
  });
});

describe('operators', () => {
  it('generate the campaign status webhooks of a tenant: one call per status, the count of each', async () => {
    const operator = await openPage(browser, e2e.backofficeUrl);
    const { page } = operator;
    await logIn(page, e2e.operator.email, e2e.operator.password);
    await mainNav(page).getByRole('link', { name: 'Tenants' }).click();
    await waitForPath(page, '/tenants');
    await page.getByRole('textbox', { name: 'Buscar tenants' }).fill(e2e.inbox.tenant);
    const row = page.getByRole('row').filter({ has: page.getByText(e2e.inbox.tenant, { exact: true }) });
    await row.getByRole('button', { name: `Ações do tenant ${e2e.inbox.tenant}` }).click();
    await page.getByRole('menuitem', { name: 'Gerar webhooks de status de campanha' }).click();
    const dialog = page.getByRole('dialog', { name: `Gerar webhooks de status de campanha: ${e2e.inbox.tenant}` });
    // Typed DD/MM/AAAA; Tab leaves each field (its calendar closes).
    await dialog.getByLabel(/^De/).fill(today());
    await dialog.getByLabel(/^De/).press('Tab');
    await dialog.getByLabel(/^Até/).fill(today());
    await dialog.getByLabel(/^Até/).press('Tab');
    for (const status of ['Lida', 'Respondida']) {
      if ((await page.getByRole('option', { name: status }).count()) === 0) {
        await dialog.getByRole('combobox', { name: /Status/ }).click();
      }
      await page.getByRole('option', { name: status }).click();
    }
    await dialog.getByRole('heading').first().click();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/tenant/generate-campaign-status-webhook')) calls.push(request.url());
    });
    await dialog.getByRole('button', { name: 'Gerar webhooks' }).click();
    const counts = dialog.getByTestId('generated-counts');
    await counts.waitFor({ timeout: 30_000 });
    expect(calls.map((url) => new URL(url).searchParams.get('type')).sort()).toEqual(['read', 'replied']);
    // Today's campaign left one recipient read and one replied (read before replying: at least one each).
    for (const [type, label] of [
      ['read', 'Lida'],
      ['replied', 'Respondida'],
    ] as const) {
      const text = (await counts.locator(`tr[data-type="${type}"]`).textContent()) ?? '';
      expect(text, text).toMatch(new RegExp(`^${label}[\\d.]+ na fila$`));
    }
    await shots(page, '09-tenant-campaign-webhooks');
    expect(operator.errors).toEqual([]);
    await operator.context.close();
  });
});
