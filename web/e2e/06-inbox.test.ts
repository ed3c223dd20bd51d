/**
 * The staff inbox (`/` for staff) and connecting an instance's number, in real browsers against
 * the real server, with the instance's provider played by the test: a fake provider that records
 * what the server sends it, and its events (customer messages, acks, connection status) pushed to
 * the server signed as Standard Webhooks. Two attendants, each in their own browser context, see
 * everything happen without reloading. Runs in its own tenant (`loja`, e2e/global-setup.ts), so
 * nothing here changes what the other files see.
 *
 * Screenshots of each state at 1280 and 390 px, light and dark (`06-*.png`), and axe-core checks
 * (no serious or critical violation) in each.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
  linkToInstance,
  newWebhookSecret,
  PAIRING_CODE,
  pushProviderEvent,
  REFUSE_ONCE,
  setTheme,
  startFakeProvider,
  type FakeProvider,
  type Theme,
} from './support/inbox';
import { settle } from './support/settle';

const e2e = inject('e2e');
const SCREENSHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
const CUSTOMER = { phone: '+55 11 98888-7777', name: 'Maria Souza' };
const OTHER_CUSTOMER = { phone: '+55 21 97777-1234', name: 'João Pereira' };

let browser: Browser;
let provider: FakeProvider;
let secret: string;
let instanceId: number;
/** Alice (A) and Beto (B), the two attendants, each in their own browser context. */
let alice: UserPage;
let beto: UserPage;

/**
 * `<name>-{desktop,mobile}[-dark].png`, and axe-core in each theme and size: no serious or
 * critical violation. `prepare` runs after each resize (e.g. to open what only a phone shows).
 */
async function shots(page: Page, name: string, prepare?: (size: 'desktop' | 'mobile') => Promise<void>) {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const themes: Theme[] = ['light', 'dark'];
  for (const theme of themes) {
    await setTheme(page, theme);
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      await prepare?.(size);
      await settle(page);
      const suffix = theme === 'dark' ? '-dark' : '';
      await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-${size}${suffix}.png`), fullPage: true });
      expect(await seriousA11yViolations(page), `axe: ${name} ${size} ${theme}`).toEqual([]);
    }
  }
  await setTheme(page, 'light');
  await page.setViewportSize(DESKTOP);
  await settle(page);
}

/**
 * The customer panel of the open ticket: beside the conversation on a wide screen, in the
 * "Dados do cliente" drawer on a phone.
 */
async function showCustomer(page: Page, size: 'desktop' | 'mobile', name: string) {
  if (size === 'mobile') {
    await page.getByRole('button', { name: 'Dados do cliente' }).click();
    await page
      .getByRole('dialog', { name: 'Dados do cliente' })
      .getByRole('heading', { name: 'Atendimentos' })
      .waitFor();
  } else {
    await hideCustomerDrawer(page);
    await page.getByRole('complementary', { name: 'Dados do cliente' }).getByText(name).first().waitFor();
  }
}

async function hideCustomerDrawer(page: Page) {
  const drawer = page.getByRole('dialog', { name: 'Dados do cliente' });
  if (await drawer.isVisible()) {
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  }
}

/** The queue's ticket of a customer (a link in the queue's list). */
function queueItem(page: Page, customer: string) {
  return page.locator('a[data-ticket-id]').filter({ hasText: customer });
}

function tab(page: Page, name: RegExp) {
  return page.getByRole('tab', { name });
}

async function openInbox(user: UserPage, email: string, password: string) {
  await user.context.grantPermissions(['notifications']);
  await logIn(user.page, email, password);
  await user.page.getByRole('heading', { name: 'Atendimentos', level: 1 }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  secret = newWebhookSecret();
  const token = await inboxAdminToken(e2e);
  const instance = await inboxCall<{ id: number }>(
    e2e,
    'POST',
    '/api/instance',
    {
      name: 'WhatsApp Loja',
      isOfficial: false,
      isUnlimited: false,
      providerBaseUrl: provider.url,
      providerSecret: secret,
    },
    token,
  );
  instanceId = instance.id;
  await linkToInstance(e2e, token, [e2e.inbox.attendantA.email, e2e.inbox.attendantB.email], instanceId);
  await inboxCall(e2e, 'POST', '/api/closing-reasons', { name: 'Dúvida respondida' }, token);
  await inboxCall(e2e, 'POST', '/api/closing-reasons', { name: 'Pedido entregue' }, token);
});

afterAll(async () => {
  await alice?.context.close();
  await beto?.context.close();
  await browser?.close();
  await provider?.close();
});

describe('the staff inbox', () => {
  it('an attendant lands on the inbox; the queue is empty', async () => {
    alice = await openPage(browser, e2e.inbox.baseUrl);
    await openInbox(alice, e2e.inbox.attendantA.email, e2e.inbox.attendantA.password);
    await alice.page.getByText('Ninguém aguardando').waitFor();
    await alice.page.getByText('Nenhum atendimento aberto').waitFor();
    await shots(alice.page, '06-queue-empty');
    expect(alice.errors).toEqual([]);
  });

  it("a customer's message appears in both attendants' queues without a reload", async () => {
    beto = await openPage(browser, e2e.inbox.baseUrl);
    await openInbox(beto, e2e.inbox.attendantB.email, e2e.inbox.attendantB.password);
    await beto.page.getByText('Ninguém aguardando').waitFor();

    expect(
      (await customerWrites(e2e, instanceId, secret, { ...CUSTOMER, body: 'Olá! Quero saber do meu pedido 4521.' }))
        .status,
    ).toBe(200);
    for (const user of [alice, beto]) {
      await queueItem(user.page, CUSTOMER.name).filter({ hasText: 'pedido 4521' }).waitFor();
      await tab(user.page, /Aguardando\s*1/).waitFor();
    }
    // A second customer, with a long message: it wraps, in the list and in the conversation.
    await customerWrites(e2e, instanceId, secret, {
      ...OTHER_CUSTOMER,
      body: `Boa tarde, ${'preciso de ajuda com a entrega que não chegou '.repeat(6)}e o código de rastreio AB123456789BR não funciona.`,
    });
    await queueItem(alice.page, OTHER_CUSTOMER.name).waitFor();
    await tab(alice.page, /Aguardando\s*2/).waitFor();
    await shots(alice.page, '06-queue-with-tickets');
    expect(alice.errors).toEqual([]);
    expect(beto.errors).toEqual([]);
  });

  it('A accepts and replies with Enter; the provider receives it and the read ack turns the tick', async () => {
    const { page } = alice;
    await queueItem(page, CUSTOMER.name).click();
    await page.waitForURL((url) => url.searchParams.has('ticket'));
    const ticketId = Number(new URL(page.url()).searchParams.get('ticket'));
    const conversation = page.getByRole('region', { name: 'Conversa' });
    await conversation.getByText('Olá! Quero saber do meu pedido 4521.').waitFor();
    await conversation.getByText('Aceite o atendimento para responder.').waitFor();
    // Opening it marks it read: the unread badge goes.
    await queueItem(page, CUSTOMER.name)
      .getByText(/não lida/)
      .waitFor({ state: 'detached' });
    await conversation.getByRole('button', { name: 'Aceitar' }).click();
    await toast(page, 'Atendimento aceito').waitFor();
    // The ticket is A's: the tab follows, and it left B's queue at once.
    await page.waitForURL((url) => url.searchParams.get('tab') === 'mine');
    await queueItem(beto.page, CUSTOMER.name).waitFor({ state: 'detached' });

    // Enter sends, Shift+Enter breaks the line.
    const composer = conversation.getByRole('textbox', { name: 'Mensagem' });
    await composer.fill('Oi, Maria! Vou verificar agora.');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('Um momento, por favor.');
    const post = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith(`/api/tickets/${ticketId}/messages`),
    );
    await composer.press('Enter');
    const sentBody = (await post).postDataJSON() as { body: string; clientId: string };
    expect(sentBody.body).toBe('Oi, Maria! Vou verificar agora.\nUm momento, por favor.');
    expect(sentBody.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await composer.inputValue()).toBe('');

    await expect.poll(() => provider.sent.length, { timeout: 15_000 }).toBe(1);
    expect(provider.sent[0]).toMatchObject({
      body: 'Oi, Maria! Vou verificar agora.\nUm momento, por favor.',
      phone: '+5511988887777',
      clientId: sentBody.clientId,
    });
    const mine = conversation.getByTestId('message').filter({ hasText: 'Um momento, por favor.' });
    await mine.and(page.locator('[data-ack="sent"]')).waitFor();
    await mine.getByRole('img', { name: 'Enviada' }).waitFor();

    expect(
      (
        await pushProviderEvent(e2e, instanceId, secret, {
          type: 'ack',
          data: { id: provider.sent[0]?.id, ack: 'read' },
        })
      ).status,
    ).toBe(200);
    await mine.and(page.locator('[data-ack="read"]')).waitFor();
    await mine.getByRole('img', { name: 'Lida' }).waitFor();

    // A message the provider refuses shows why, with a retry that gets it through. The provider
    // answers within milliseconds: the refusal often reaches the page before the answer to the
    // send does, and the message must stay failed all the same.
    await composer.fill(`Confirma o endereço? ${REFUSE_ONCE}`);
    await composer.press('Enter');
    const refused = conversation.getByTestId('message').filter({ hasText: 'Confirma o endereço?' });
    await refused.and(page.locator('[data-ack="failed"]')).waitFor();
    await refused.getByText('Não enviada: o provedor recusou a mensagem (422).').waitFor();
    await settle(page);
    expect(await refused.getAttribute('data-ack')).toBe('failed');
    await refused.getByRole('button', { name: 'Tentar de novo' }).click();
    await refused.and(page.locator('[data-ack="sent"]')).waitFor();
    const confirm = provider.sent.filter((message) => message.body === `Confirma o endereço? ${REFUSE_ONCE}`);
    expect(confirm).toHaveLength(1);

    // A message the provider took and later reports undelivered: the retry goes out under a new
    // key (`{clientId}~{token}`: under the old one the provider would only answer the message it
    // already took, without sending anything), and gets through.
    await composer.fill('Seu pedido sai amanhã cedo.');
    await composer.press('Enter');
    const dropped = conversation.getByTestId('message').filter({ hasText: 'Seu pedido sai amanhã cedo.' });
    await dropped.and(page.locator('[data-ack="sent"]')).waitFor();
    const accepted = provider.sent.find((message) => message.body === 'Seu pedido sai amanhã cedo.');
    expect(accepted).toBeDefined();
    expect(
      (await pushProviderEvent(e2e, instanceId, secret, { type: 'ack', data: { id: accepted?.id, ack: 'failed' } }))
        .status,
    ).toBe(200);
    await dropped.and(page.locator('[data-ack="failed"]')).waitFor();
    await dropped.getByText('O provedor não conseguiu entregar a mensagem.').waitFor();
    // A failed bubble (why, in red, and the retry) readable in both themes.
    await shots(page, '06-message-failed');
    await dropped.getByRole('button', { name: 'Tentar de novo' }).click();
    await expect
      .poll(() => provider.sent.filter((message) => message.body === 'Seu pedido sai amanhã cedo.').length)
      .toBe(2);
    const resent = provider.sent.filter((message) => message.body === 'Seu pedido sai amanhã cedo.')[1];
    expect(resent?.clientId.startsWith(`${accepted?.clientId}~`)).toBe(true);
    expect(resent?.clientId).toMatch(/~[A-Za-z0-9_-]{6}$/);
    await dropped.and(page.locator('[data-ack="sent"]')).waitFor();
    await dropped.getByRole('button', { name: 'Tentar de novo' }).waitFor({ state: 'detached' });

    await shots(page, '06-conversation');
    await shots(page, '06-customer-panel', (size) => showCustomer(page, size, CUSTOMER.name));
    await hideCustomerDrawer(page);
    expect(alice.errors).toEqual([]);
  });

  it('A transfers to B with a note; B accepts; B closes with a reason', async () => {
    const { page } = alice;
    const conversation = page.getByRole('region', { name: 'Conversa' });
    await conversation.getByRole('button', { name: 'Transferir' }).click();
    const dialog = page.getByRole('dialog', { name: /^Transferir atendimento/ });
    // People online first (B has the inbox open), then departments.
    await dialog.getByRole('radio', { name: new RegExp(e2e.inbox.attendantB.name) }).waitFor();
    await dialog.getByText('Online').first().waitFor();
    await dialog.getByRole('radio', { name: 'Financeiro' }).waitFor();
    await shots(page, '06-transfer-dialog');
    await dialog.getByRole('radio', { name: new RegExp(e2e.inbox.attendantB.name) }).check();
    await dialog.getByRole('textbox', { name: /Observação/ }).fill('Cliente quer falar sobre o boleto.');
    await dialog.getByRole('button', { name: 'Transferir' }).click();
    await toast(page, 'Transferência pedida').waitFor();
    await conversation.getByTestId('transfer-banner').getByRole('button', { name: 'Cancelar transferência' }).waitFor();

    // B is told, finds it under "Em transferência", and accepts.
    await toast(beto.page, 'Pedido de transferência').waitFor();
    await tab(beto.page, /Em transferência\s*1/).click();
    await queueItem(beto.page, CUSTOMER.name).click();
    const betoConversation = beto.page.getByRole('region', { name: 'Conversa' });
    const banner = betoConversation.getByTestId('transfer-banner');
    await banner.getByText('Cliente quer falar sobre o boleto.').waitFor();
    await betoConversation.getByText(/transferiu o atendimento para Beto Atendente/).waitFor();
    await banner.getByRole('button', { name: 'Aceitar transferência' }).click();
    await toast(beto.page, 'Transferência aceita').waitFor();
    await betoConversation.getByRole('textbox', { name: 'Mensagem' }).waitFor();
    await conversation.getByText(`Em atendimento por ${e2e.inbox.attendantB.name}.`).waitFor();

    // B closes it with a reason.
    await betoConversation.getByRole('button', { name: 'Encerrar' }).click();
    const close = beto.page.getByRole('dialog', { name: /^Encerrar atendimento/ });
    await close.getByRole('radio', { name: 'Pedido entregue' }).waitFor();
    await shots(beto.page, '06-close-dialog');
    await close.getByRole('radio', { name: 'Pedido entregue' }).check();
    await close.getByRole('button', { name: 'Encerrar atendimento' }).click();
    await toast(beto.page, 'Atendimento encerrado').waitFor();
    await betoConversation.getByText(/Motivo: Pedido entregue/).waitFor();
    await conversation.getByText(/Atendimento encerrado/).waitFor();
    expect(alice.errors).toEqual([]);
    expect(beto.errors).toEqual([]);
  });

  it('the customer writes again: a new pending ticket appears for both; a hidden tab notifies', async () => {
    const closedId = Number(new URL(beto.page.url()).searchParams.get('ticket'));
    // B's tab is in the background: the browser's notification (recorded here) and a sound.
    await beto.page.evaluate(() => {
      const shown: string[][] = [];
      (window as unknown as { shown: string[][] }).shown = shown;
      class RecordingNotification {
        static permission = 'granted';
        onclick: (() => void) | null = null;
        constructor(title: string, options?: { body?: string }) {
          shown.push([title, options?.body ?? '']);
        }
        close() {}
      }
      Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true });
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    });
    await customerWrites(e2e, instanceId, secret, {
      ...CUSTOMER,
      body: 'Esqueci de perguntar: vocês entregam sábado?',
    });
    for (const user of [alice, beto]) {
      await tab(user.page, /Aguardando\s*2/).click();
      const item = queueItem(user.page, CUSTOMER.name).filter({ hasText: 'entregam sábado' });
      await item.waitFor();
      expect(Number(await item.getAttribute('data-ticket-id'))).not.toBe(closedId);
    }
    expect(await beto.page.evaluate(() => (window as unknown as { shown: string[][] }).shown)).toEqual([
      [CUSTOMER.name, 'Esqueci de perguntar: vocês entregam sábado?'],
    ]);
    expect(alice.errors).toEqual([]);
    expect(beto.errors).toEqual([]);
  });

  it('a long conversation opens at the newest messages and pages upward', async () => {
    for (let n = 1; n <= 55; n += 1) {
      await customerWrites(e2e, instanceId, secret, { ...OTHER_CUSTOMER, body: `Mensagem número ${n}` });
    }
    const { page } = alice;
    await tab(page, /Aguardando/).click();
    await queueItem(page, OTHER_CUSTOMER.name).click();
    const conversation = page.getByRole('region', { name: 'Conversa' });
    await conversation.getByText('Mensagem número 55').waitFor();
    // 56 messages: the newest 50 first, the rest when scrolled to the top.
    expect(await conversation.getByText('Mensagem número 1', { exact: true }).count()).toBe(0);
    const older = page.waitForRequest((request) => request.url().includes('before='));
    await conversation.getByRole('log', { name: 'Mensagens' }).evaluate((box) => box.scrollTo(0, 0));
    await older;
    await conversation.getByText('Mensagem número 1', { exact: true }).waitFor();
    await conversation.getByText('Início da conversa').waitFor();
    expect(alice.errors).toEqual([]);
  });

  it("a blocked customer's messages open no ticket; the customer panel lists them", async () => {
    const { page } = alice;
    const panel = page.getByRole('complementary', { name: 'Dados do cliente' });
    await panel.getByText(OTHER_CUSTOMER.name).first().waitFor();
    expect(await panel.getByTestId('messages-without-ticket').count()).toBe(0);
    await panel.getByRole('button', { name: 'Bloquear cliente' }).click();
    await page.getByRole('dialog', { name: 'Bloquear cliente' }).getByRole('button', { name: 'Bloquear' }).click();
    await toast(page, 'Cliente bloqueado').waitFor();
    expect(
      (await customerWrites(e2e, instanceId, secret, { ...OTHER_CUSTOMER, body: 'Alô? Ninguém vai me responder?' }))
        .status,
    ).toBe(200);
    // Nobody is told (no event): the panel lists it when it reads the customer again.
    await page.reload();
    const kept = panel.getByTestId('messages-without-ticket');
    await kept.getByText('Alô? Ninguém vai me responder?').waitFor();
    await kept.getByRole('heading', { name: 'Mensagens sem atendimento' }).waitFor();
    await shots(page, '06-customer-without-ticket', (size) => showCustomer(page, size, OTHER_CUSTOMER.name));
    await hideCustomerDrawer(page);
    // Taken off the list again: the later tests see them as before.
    await panel.getByRole('button', { name: 'Desbloquear cliente' }).click();
    await page
      .getByRole('dialog', { name: 'Desbloquear cliente' })
      .getByRole('button', { name: 'Desbloquear' })
      .click();
    await toast(page, 'Cliente desbloqueado').waitFor();
    expect(alice.errors).toEqual([]);
  });

  it('on a phone: the queue, then the conversation full screen, and back', async () => {
    const phone = await openPage(browser, e2e.inbox.baseUrl);
    await phone.page.setViewportSize(MOBILE);
    await openInbox(phone, e2e.inbox.attendantA.email, e2e.inbox.attendantA.password);
    const queue = phone.page.getByRole('region', { name: 'Fila de atendimentos' });
    const conversation = phone.page.getByRole('region', { name: 'Conversa' });
    await queueItem(phone.page, OTHER_CUSTOMER.name).waitFor();
    expect(await conversation.isVisible()).toBe(false);
    await queueItem(phone.page, OTHER_CUSTOMER.name).click();
    await conversation.getByText('Mensagem número 55').waitFor();
    expect(await queue.isVisible()).toBe(false);
    const box = await conversation.boundingBox();
    expect(box?.width).toBe(MOBILE.width);
    await phone.page.getByRole('button', { name: 'Voltar para a fila' }).click();
    await queueItem(phone.page, OTHER_CUSTOMER.name).waitFor();
    expect(await conversation.isVisible()).toBe(false);
    expect(new URL(phone.page.url()).searchParams.has('ticket')).toBe(false);
    // "Voltar" went back in history: the browser's forward opens the conversation again, back closes it.
    await phone.page.goForward();
    await conversation.getByText('Mensagem número 55').waitFor();
    await phone.page.goBack();
    await queueItem(phone.page, OTHER_CUSTOMER.name).waitFor();
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});

describe('who keeps the welcome', () => {
  it('a back-office operator (no instance, no customers) keeps the welcome screen', async () => {
    const operator = await openPage(browser, e2e.backofficeUrl);
    await logIn(operator.page, e2e.operator.email, e2e.operator.password);
    await operator.page.getByRole('heading', { name: `Olá, ${e2e.operator.name}!` }).waitFor();
    expect(await operator.page.getByRole('heading', { name: 'Atendimentos', level: 1 }).count()).toBe(0);
    expect(operator.errors).toEqual([]);
    await operator.context.close();
  });
});

describe('connecting an instance number', () => {
  it('shows the pairing code as a QR until the provider says connected; disconnects', async () => {
    const admin = await openPage(browser, e2e.inbox.baseUrl);
    await admin.context.grantPermissions(['notifications']);
    await logIn(admin.page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    await mainNav(admin.page).getByRole('link', { name: 'Instâncias' }).click();
    await waitForPath(admin.page, '/instances');
    const row = admin.page.getByRole('row').filter({ hasText: 'WhatsApp Loja' });
    await row.getByText('Desconectada').waitFor();
    await row.getByRole('button', { name: 'Ações da instância WhatsApp Loja' }).click();
    const connect = admin.page.waitForResponse((response) =>
      response.url().endsWith(`/api/instance/${instanceId}/connect`),
    );
    await admin.page.getByRole('menuitem', { name: 'Conectar número' }).click();
    expect((await connect).status()).toBe(200);
    const dialog = admin.page.getByRole('dialog', { name: 'Conectar número: WhatsApp Loja' });
    await dialog.getByRole('img', { name: 'QR code para conectar o número' }).waitFor();
    expect(await dialog.getByTestId('pairing-code').getAttribute('data-code')).toBe(PAIRING_CODE);
    await shots(admin.page, '06-instance-connect-qr');

    // The provider reports the number connected: the dialog and the status column follow.
    await pushProviderEvent(e2e, instanceId, secret, { type: 'status', data: { status: 'connected' } });
    await dialog.getByText('Número conectado').waitFor();
    await dialog.locator('button', { hasText: 'Fechar' }).click();
    await row.getByText('Conectada').waitFor();
    await row
      .getByText(/Nunca sincronizada|Última sincronização/)
      .first()
      .waitFor();

    await row.getByRole('button', { name: 'Ações da instância WhatsApp Loja' }).click();
    await admin.page.getByRole('menuitem', { name: 'Desconectar' }).click();
    await admin.page
      .getByRole('dialog', { name: 'Desconectar número' })
      .getByRole('button', { name: 'Desconectar' })
      .click();
    await toast(admin.page, 'Desconexão pedida').waitFor();
    expect(provider.calls.some((call) => call.method === 'DELETE' && call.path === '/session')).toBe(true);
    await pushProviderEvent(e2e, instanceId, secret, { type: 'status', data: { status: 'disconnected' } });
    await row.getByText('Desconectada').waitFor();
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
