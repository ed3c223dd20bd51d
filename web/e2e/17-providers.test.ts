/**
 * Real WhatsApp connections (docs/providers.md#cloud, #evolution), on the tenant `oficial`: an
 * administrator connects an official number (Meta's Graph API faked by the global set-up), copies
 * its webhook and tests it; a customer whose last message is 25 hours old is answered with an
 * approved template, the composer offering nothing else; a number behind an Evolution API gateway
 * pairs by QR code and turns connected live when the gateway says so.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { send } from './support/api';
import { launchBrowser, logIn, mainNav, openPage, toast, waitForPath } from './support/browser';
import {
  ACCESS_TOKEN,
  APP_SECRET,
  PHONE_NUMBER_ID,
  VERIFY_TOKEN,
  WABA_ID,
  customerText,
  metaSignature,
  usernameText,
} from './support/graph';
import { shots } from './support/shots';

const e2e = inject('e2e');
const official = e2e.official;
const origin = { origin: official.baseUrl };
let browser: Browser;
let token: string;
let gateway: Server;
let gatewayUrl: string;
/** The webhook URL the server gave the gateway when it created the number there. */
let gatewayWebhook: string | undefined;
const GATEWAY_KEY = 'chave-do-gateway-e2e';

/**
 * An Evolution API gateway (v2) in its documented REST format (`apikey` header): the number does not
 * exist until created, the QR code changes on every ask.
 */
function startGateway(): Promise<void> {
  let created = false;
  let asks = 0;
  gateway = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.apikey !== GATEWAY_KEY) {
      reply(401, { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } });
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://gateway').pathname;
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      if (path.startsWith('/instance/connectionState/')) {
        if (created) reply(200, { instance: { instanceName: 'loja-e2e', state: 'connecting' } });
        else reply(404, { status: 404, error: 'Not Found', response: { message: ['The instance does not exist'] } });
      } else if (path === '/instance/create') {
        created = true;
        gatewayWebhook = (body.webhook as { url: string }).url;
        reply(201, { instance: { instanceName: body.instanceName, status: 'created' }, hash: 'token' });
      } else if (path.startsWith('/webhook/set/')) {
        gatewayWebhook = (body.webhook as { url: string }).url;
        reply(201, { webhook: body.webhook });
      } else if (path.startsWith('/instance/connect/')) {
        asks += 1;
        reply(200, { pairingCode: 'WZYEH1YY', code: `2@e2e-evolution-${asks},ZmFrZQ==`, count: asks });
      } else {
        reply(200, { status: 'SUCCESS', error: false, response: { message: 'ok' } });
      }
    });
  });
  return new Promise((resolve) => {
    gateway.listen(0, '127.0.0.1', () => {
      gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
      resolve();
    });
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  await startGateway();
  const answer = await send(
    e2e,
    'POST',
    '/api/auth/login',
    { email: official.admin.email, password: official.admin.password, ip: null },
    undefined,
    origin,
  );
  token = (answer.body as { access_token: string }).access_token;
});
afterAll(async () => {
  await browser?.close();
  // The server keeps its connections to the gateway open: closed here, or `close` waits for them.
  gateway?.closeAllConnections();
  await new Promise((resolve) => gateway?.close(resolve));
});

async function openInstances(page: Page): Promise<void> {
  await logIn(page, official.admin.email, official.admin.password);
  await mainNav(page).getByRole('link', { name: 'Instâncias' }).click();
  await waitForPath(page, '/instances');
}

async function instanceId(name: string): Promise<number> {
  const answer = await send(e2e, 'GET', '/api/instance', undefined, token, origin);
  const found = (answer.body as { id: number; name: string }[]).find((instance) => instance.name === name);
  if (!found) throw new Error(`no instance ${name}`);
  return found.id;
}

/** Posts a raw body to the instance's Meta webhook, signed as Meta signs. */
function deliver(id: number, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(`/api/instance/${id}/cloud`, e2e.serverUrl),
      {
        method: 'POST',
        headers: {
          Host: new URL(official.baseUrl).host,
          'Content-Type': 'application/json',
          'X-Hub-Signature-256': metaSignature(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('official numbers (WhatsApp Cloud API)', () => {
  it('an administrator connects an official number, sees its webhook and tests it', async () => {
    const { page, context, errors } = await openPage(browser, official.baseUrl);
    await openInstances(page);
    await page.getByRole('button', { name: 'Nova instância' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nova instância' });
    await form.getByLabel('Nome').fill('WhatsApp Oficial');
    await form.getByRole('radio', { name: 'WhatsApp oficial (Cloud API)' }).check();
    await form.getByLabel('ID do número de telefone').fill(PHONE_NUMBER_ID);
    await form.getByLabel('ID da conta do WhatsApp Business (WABA)').fill(WABA_ID);
    await form.getByLabel('Token de acesso').fill(ACCESS_TOKEN);
    await form.getByLabel('Chave secreta do app').fill(APP_SECRET);
    await form.getByLabel('Token de verificação do webhook').fill(VERIFY_TOKEN);
    await shots(page, '17-providers-cloud-form');
    await form.getByRole('button', { name: 'Criar instância' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'WhatsApp Oficial' });
    await row.getByText('Oficial (Cloud API)').waitFor();
    await shots(page, '17-providers-instances');

    await page.getByRole('button', { name: 'Ações da instância WhatsApp Oficial' }).click();
    await page.getByRole('menuitem', { name: 'Testar conexão' }).click();
    const test = page.getByRole('dialog', { name: /Testar conexão/ });
    await test.getByText('Acme Atendimento').waitFor();
    await test.getByText('Qualidade alta').waitFor();
    await shots(page, '17-providers-test-connection');
    await page.keyboard.press('Escape');
    // Meta answered for the number: the list shows it connected, live.
    await row.getByText(/Conectad/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a customer who wrote 25 hours ago is answered with an approved template, and only with one', async () => {
    const id = await instanceId('WhatsApp Oficial');
    const { page, context, errors } = await openPage(browser, official.baseUrl);
    await openInstances(page);
    await page.getByRole('button', { name: 'Ações da instância WhatsApp Oficial' }).click();
    await page.getByRole('menuitem', { name: 'Sincronizar modelos' }).click();
    await toast(page, 'Modelos sincronizados').waitFor();
    expect(
      await deliver(id, customerText('wamid.E2E-OLD', '5511987650000', 'Carla Dias', 'Ainda tem o tênis?', 25)),
    ).toBe(200);

    await page.goto('/');
    await page.getByRole('heading', { name: 'Atendimentos', level: 1 }).waitFor();
    await page.locator('a[data-ticket-id]').filter({ hasText: 'Carla Dias' }).click();
    const conversation = page.getByRole('region', { name: 'Conversa' });
    await conversation.getByText('Ainda tem o tênis?').waitFor();
    await conversation.getByRole('button', { name: 'Aceitar' }).click();
    await toast(page, 'Atendimento aceito').waitFor();
    await conversation.getByText('Janela de 24 h fechada').waitFor();
    // No free text: the picker stands in for the text box.
    await conversation.getByText(/A janela de 24 h fechou/).waitFor();
    expect(await conversation.getByRole('textbox', { name: /Mensagem/ }).count()).toBe(0);
    await conversation.getByLabel('Modelo', { exact: true }).click();
    await page.getByRole('option', { name: /pedido_enviado/ }).click();
    const send_ = conversation.getByRole('button', { name: 'Enviar modelo' });
    expect(await send_.isDisabled()).toBe(true);
    await conversation.getByLabel('Parâmetro {{1}}').fill('Carla');
    await conversation.getByLabel('Parâmetro {{2}}').fill('98765');
    await conversation.getByText('Olá Carla, seu pedido 98765 saiu para entrega.').first().waitFor();
    await shots(page, '17-providers-template-picker');
    await send_.click();
    await conversation.getByText('Olá Carla, seu pedido 98765 saiu para entrega.').last().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('customers as identity sets', () => {
  it('a person who wrote by phone and by username becomes one customer when an administrator merges them', async () => {
    const id = await instanceId('WhatsApp Oficial');
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const answer = await send(e2e, method, path, body, token, origin);
      if (answer.status >= 300) throw new Error(`${method} ${path} → ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body as T;
    };
    expect(await deliver(id, customerText('wamid.E2E-M1', '5511987652222', 'Marina Alves', 'Pelo telefone'))).toBe(200);
    expect(await deliver(id, usernameText('wamid.E2E-M2', 'BR.1502576394655843', '@marina', 'Pelo usuário'))).toBe(200);
    // The username's ticket is closed first: two live tickets on one number cannot be merged.
    const pending = await api<{ data: { id: number; customer: { name: string } }[] }>(
      'GET',
      '/api/tickets?status=pending&search=marina',
    );
    const byUsername = pending.data.find((ticket) => ticket.customer.name === '@marina');
    if (!byUsername) throw new Error('no ticket of @marina');
    await api('POST', `/api/tickets/${byUsername.id}/accept`);
    const reasons = await api<{ id: number }[]>('GET', '/api/closing-reasons?active=true');
    await api('POST', `/api/tickets/${byUsername.id}/close`, { closingReasonId: reasons[0]?.id });

    const { page, context, errors } = await openPage(browser, official.baseUrl);
    await logIn(page, official.admin.email, official.admin.password);
    await mainNav(page).getByRole('link', { name: 'Clientes' }).click();
    await waitForPath(page, '/customers');
    await page.getByRole('textbox', { name: 'Buscar clientes' }).fill('marina');
    await expect.poll(() => page.locator('[data-testid^="customer-row-"]').count()).toBe(2);
    // The username's customer shows no phone: "Número oculto" and the id.
    await page.getByText('ID: BR.1502576394655843').first().waitFor();
    await page.getByRole('link', { name: 'Marina Alves' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Marina Alves' });
    await drawer.getByRole('heading', { name: 'Identidades' }).waitFor();
    await drawer.getByRole('button', { name: 'Unir com outro cliente…' }).click();
    const merge = page.getByRole('dialog', { name: 'Unir com outro cliente' });
    await merge.getByRole('textbox', { name: 'Buscar cliente' }).fill('marina');
    await merge.getByRole('radio', { name: '@marina' }).check();
    await shots(page, '17-providers-merge-pick');
    await merge.getByRole('button', { name: 'Continuar' }).click();
    await merge
      .getByTestId('merge-confirmation')
      .getByText(/não pode ser desfeito/)
      .waitFor();
    await shots(page, '17-providers-merge-confirm');
    await merge.getByRole('button', { name: 'Unir clientes' }).click();
    await toast(page, 'Clientes unidos.').waitFor();
    await merge.waitFor({ state: 'detached' });
    await drawer.getByText('BR.1502576394655843').first().waitFor();
    await drawer.getByRole('heading', { name: 'Histórico de uniões' }).waitFor();
    await expect.poll(() => page.locator('[data-testid^="customer-row-"]').count()).toBe(1);
    await shots(page, '17-providers-merged');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('campaigns on an official number', () => {
  it('a campaign sends an approved template and estimates its cost once the price is set', async () => {
    const { page, context, errors } = await openPage(browser, official.baseUrl);
    await logIn(page, official.admin.email, official.admin.password);
    await mainNav(page).getByRole('link', { name: 'Campanhas' }).click();
    await waitForPath(page, '/campaigns');
    await page.getByRole('button', { name: 'Nova campanha' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nova campanha' });
    await form.getByRole('textbox', { name: /Nome da campanha/ }).fill('Pedidos enviados');
    await form.getByRole('combobox', { name: /Instância/ }).click();
    await page.getByRole('option', { name: 'WhatsApp Oficial' }).click();
    // An official number sends a template: the message box gives way to the picker.
    await form.getByLabel('Modelo aprovado').click();
    await page.getByRole('option', { name: /pedido_enviado/ }).click();
    await form.getByLabel('Parâmetro {{1}}').fill('{{nome}}');
    await form.getByLabel('Parâmetro {{2}}').fill('PED-2024');
    await form.getByRole('textbox', { name: /Telefones/ }).fill('+55 11 98765-1111\n+55 21 98765-2222');
    await form.getByRole('button', { name: 'Pré-visualizar' }).click();
    await form.getByText('Sem preço para a categoria Utilidade na tabela da empresa.').waitFor();
    await form.getByRole('button', { name: 'Abrir a tabela de preços' }).click();
    const prices = page.getByRole('dialog', { name: 'Preços dos modelos' });
    await prices.getByLabel('Utilidade').fill('0,045');
    await shots(page, '17-providers-template-prices');
    await prices.getByRole('button', { name: 'Salvar' }).click();
    await prices.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Pré-visualizar' }).click();
    await form.getByText(/Custo estimado: R\$\s0,09 \(2 × R\$\s0,045 — Utilidade\)/).waitFor();
    await shots(page, '17-providers-template-campaign');
    await form.getByRole('button', { name: 'Criar campanha' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('Pedidos enviados').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('numbers behind an Evolution API gateway', () => {
  it('an administrator adds a gateway number, scans its QR code and sees it connected live', async () => {
    const { page, context, errors } = await openPage(browser, official.baseUrl);
    await openInstances(page);
    await page.getByRole('button', { name: 'Nova instância' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nova instância' });
    await form.getByLabel('Nome').fill('WhatsApp Loja');
    await form.getByRole('radio', { name: 'Gateway Evolution (QR code)' }).check();
    await form.getByLabel('Endereço do gateway').fill(gatewayUrl);
    await form.getByLabel('Nome da instância no gateway').fill('loja-e2e');
    await form.getByLabel('Chave de API').fill(GATEWAY_KEY);
    await form.getByRole('button', { name: 'Criar instância' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'WhatsApp Loja' });
    await row.getByText('Gateway Evolution', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Ações da instância WhatsApp Loja' }).click();
    await page.getByRole('menuitem', { name: 'Conectar número' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conectar número: WhatsApp Loja' });
    await dialog.getByText('O código é renovado a cada 20 s.').waitFor();
    await shots(page, '17-providers-evolution-qr');
    // The gateway was told where to post this number's events.
    expect(gatewayWebhook).toMatch(/\/api\/instance\/\d+\/evolution\/[A-Za-z0-9_-]+$/);
    const hook = new URL(gatewayWebhook ?? '');
    const postEvent = (event: string, data: Record<string, unknown>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          new URL(hook.pathname, e2e.serverUrl),
          { method: 'POST', headers: { Host: hook.host, 'Content-Type': 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ event, instance: 'loja-e2e', data, date_time: new Date().toISOString() }));
      });
    // The gateway renews the code: the dialog shows the new one at once, without asking.
    const code = dialog.getByTestId('pairing-code');
    await expect.poll(() => code.getAttribute('data-code')).toMatch(/^2@/);
    expect(await postEvent('qrcode.updated', { qrcode: { code: '2@renovado-pelo-gateway', base64: '' } })).toBe(200);
    await expect.poll(() => code.getAttribute('data-code')).toBe('2@renovado-pelo-gateway');
    // The phone read it: the gateway reports the connection open.
    expect(await postEvent('connection.update', { instance: 'loja-e2e', state: 'open', statusReason: 200 })).toBe(200);
    await dialog.getByText('Número conectado').waitFor();
    // The footer's button (the corner's × is named "Fechar" too).
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    await row.getByText(/Conectad/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
