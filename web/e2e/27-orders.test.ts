/**
 * Orders on the customer panel (docs/orders.md, issue 47) in two real browsers against the real
 * server: a customer writes through the fake provider, an attendant of the number accepts the
 * conversation, registers an order of two items from the customer panel ("Registrar pedido": the
 * live total R$ 119,70, Pix) and sees it at the top, "Pendente"; the API answers it for the
 * customer; the administrator, on the same conversation, sees it too and, without a reload, sees
 * it "Pago" once the attendant marks it so (the socket's `OrderChanged`); the administrator cancels
 * it after confirming and the attendant's panel follows.
 *
 * Screenshots at 1280 and 390 px, light and dark (`27-*.png`: the dialog, and the panel with its
 * orders — beside the conversation on a wide screen, in the "Dados do cliente" drawer on a phone),
 * with axe-core: no serious or critical violation. Runs on an instance of its own, with an
 * attendant of its own (no attendant of 06-inbox is linked to it).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './support/axe';
import { DESKTOP, launchBrowser, logIn, MOBILE, openPage, toast, type UserPage } from './support/browser';
import {
  customerWrites,
  inboxAdminToken,
  inboxCall,
  inboxInstance,
  newWebhookSecret,
  setTheme,
  startFakeProvider,
  type FakeProvider,
  type Theme,
} from './support/inbox';
import { settle } from './support/settle';
import { shots } from './support/shots';

const e2e = inject('e2e');
const CUSTOMER = { phone: '+55 41 93333-4545', name: 'Rita Moraes' };
const OLGA = { name: 'Olga Vendas', email: 'olga.pedidos@loja.example', password: 'Senha#Forte!9' };
const SCREENSHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

let browser: Browser;
let provider: FakeProvider;
let secret: string;
let token: string;
let instanceId: number;
let olga: UserPage;
let admin: UserPage;

interface ListedOrder {
  id: number;
  customerId: number;
  ticketId: number | null;
  valueCents: number;
  items: { name: string; quantity: number; unitCents: number }[];
  status: string;
  paymentMethod: string | null;
  source: string;
  registeredBy: string | null;
}

/** The customer panel beside the conversation (wide screens) or in its drawer (phones). */
async function customerPanel(page: Page) {
  const aside = page.getByRole('complementary', { name: 'Dados do cliente' });
  const drawer = page.getByRole('dialog', { name: 'Dados do cliente' });
  const button = page.getByRole('button', { name: 'Dados do cliente' });
  // Whichever the width shows, once the conversation has loaded.
  await aside.or(drawer).or(button).first().waitFor();
  if (await aside.isVisible()) return aside;
  if (!(await drawer.isVisible())) await button.click();
  await drawer.getByRole('heading', { name: 'Pedidos' }).waitFor();
  return drawer;
}

/** Closes a toast (it sits at the top right, over the panel and the dialog's first lines). */
async function dismissToast(page: Page, title: string) {
  const notice = toast(page, title);
  await notice.getByRole('button', { name: 'Fechar aviso' }).click();
  await notice.waitFor({ state: 'detached' });
}

async function closeCustomerDrawer(page: Page) {
  const drawer = page.getByRole('dialog', { name: 'Dados do cliente' });
  if (await drawer.isVisible()) {
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  }
}

/**
 * Screenshots of the customer panel with its orders, light and dark, 1280 and 390 px, each
 * checked by axe: on a phone the panel is the "Dados do cliente" drawer, opened for the shot.
 */
async function panelShots(page: Page, name: string) {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const themes: Theme[] = ['light', 'dark'];
  for (const theme of themes) {
    await setTheme(page, theme);
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      await settle(page);
      const panel = await customerPanel(page);
      await panel.getByTestId('order').first().waitFor();
      await settle(page);
      const suffix = theme === 'dark' ? '-dark' : '';
      await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-${size}${suffix}.png`), fullPage: true });
      expect(await seriousA11yViolations(page), `axe: ${name} ${size} ${theme}`).toEqual([]);
      await closeCustomerDrawer(page);
    }
  }
  await setTheme(page, 'light');
  await page.setViewportSize(DESKTOP);
  await settle(page);
}

/** The customer's orders as `GET /api/customers/{id}/orders` answers the administrator. */
async function ordersOf(customerId: number): Promise<ListedOrder[]> {
  const answer = await inboxCall<{ data: ListedOrder[]; nextCursor: number | null }>(
    e2e,
    'GET',
    `/api/customers/${customerId}/orders`,
    undefined,
    token,
  );
  return answer.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  secret = newWebhookSecret();
  token = await inboxAdminToken(e2e);
  instanceId = await inboxInstance(e2e, token, 'WhatsApp Pedidos', provider, secret);
  const roles = await inboxCall<{ id: number; name: string }[]>(e2e, 'GET', '/api/permission', undefined, token);
  const attendant = roles.find((role) => role.name === 'atendente');
  if (!attendant) throw new Error('no atendente role');
  await inboxCall(e2e, 'POST', '/api/users', { ...OLGA, role_id: attendant.id, chosen_instances: [instanceId] }, token);
});

afterAll(async () => {
  await olga?.context.close();
  await admin?.context.close();
  await browser?.close();
  await provider?.close();
});

describe('orders on the customer panel', () => {
  let customerId = 0;

  it('the attendant registers an order of two items from the customer panel: R$ 119,70, "Pendente"', async () => {
    olga = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = olga;
    await logIn(page, OLGA.email, OLGA.password);
    const answer = await customerWrites(e2e, instanceId, secret, {
      ...CUSTOMER,
      body: 'Quero duas pizzas grandes e um refrigerante, por favor.',
    });
    expect(answer.status).toBe(200);
    const listed = page.waitForResponse((response) => /\/api\/customers\/\d+\/orders/.test(response.url()));
    await page.locator('a[data-ticket-id]').filter({ hasText: CUSTOMER.name }).click();
    customerId = Number(/\/api\/customers\/(\d+)\/orders/.exec((await listed).url())?.[1]);
    expect(customerId).toBeGreaterThan(0);

    // Waiting in the queue: the orders show, but registering one is for whoever attends.
    let panel = await customerPanel(page);
    await panel.getByText('Nenhum pedido ainda.').waitFor();
    expect(await panel.getByRole('button', { name: 'Registrar pedido' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Aceitar' }).click();
    await dismissToast(page, 'Atendimento aceito');
    panel = await customerPanel(page);
    await panel.getByRole('button', { name: 'Registrar pedido' }).click();

    const dialog = page.getByRole('dialog', { name: 'Registrar pedido' });
    const first = dialog.getByRole('group', { name: 'Item 1' });
    await first.getByRole('textbox', { name: /^Item/ }).fill('Pizza grande');
    await first.getByRole('textbox', { name: /^Quantidade/ }).fill('2');
    await first.getByRole('textbox', { name: /^Preço unitário/ }).fill('54,90');
    await dialog.getByRole('button', { name: 'Adicionar item' }).click();
    const second = dialog.getByRole('group', { name: 'Item 2' });
    await second.getByRole('textbox', { name: /^Item/ }).fill('Refrigerante');
    await second.getByRole('textbox', { name: /^Preço unitário/ }).fill('9,90');
    await expect.poll(() => dialog.getByTestId('order-total').innerText()).toBe('Total: R$ 119,70');
    await dialog.getByRole('combobox', { name: 'Forma de pagamento' }).click();
    await page.getByRole('option', { name: 'Pix' }).click();
    await dialog.getByRole('textbox', { name: 'Observação' }).fill('Entregar depois das 18h.');
    await shots(page, '27-order-form');

    await dialog.getByRole('button', { name: 'Registrar pedido' }).click();
    await dialog.waitFor({ state: 'detached' });
    await dismissToast(page, 'Pedido registrado');
    panel = await customerPanel(page);
    const order = panel.getByTestId('order').first();
    await order.getByText('R$ 119,70').waitFor();
    await order.getByText('Pendente').waitFor();
    await order.getByText('2× Pizza grande, 1× Refrigerante').waitFor();
    await order.getByText(`Atendimento · por ${OLGA.name}`).waitFor();
    expect(await order.innerText()).toContain('Pix · ');

    // The API answers it for the customer.
    const [registered] = await ordersOf(customerId);
    expect(registered).toMatchObject({
      customerId,
      valueCents: 11970,
      items: [
        { name: 'Pizza grande', quantity: 2, unitCents: 5490 },
        { name: 'Refrigerante', quantity: 1, unitCents: 990 },
      ],
      status: 'pending',
      paymentMethod: 'pix',
      source: 'atendimento',
      registeredBy: OLGA.name,
    });
    expect(registered?.ticketId).toEqual(expect.any(Number));
    await panelShots(page, '27-customer-orders');
    expect(olga.errors).toEqual([]);
  });

  it('the administrator sees it on the same customer; marked "Pago" by the attendant, it changes there live', async () => {
    admin = await openPage(browser, e2e.inbox.baseUrl);
    await logIn(admin.page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    await admin.page
      .getByRole('tab', { name: /^Todos|^Meus|^Em atendimento/ })
      .first()
      .waitFor();
    const [registered] = await ordersOf(customerId);
    if (!registered?.ticketId) throw new Error('the order has no ticket');
    await admin.page.goto(`/?ticket=${registered.ticketId}`);
    const adminPanel = await customerPanel(admin.page);
    const adminOrder = adminPanel.getByTestId('order').first();
    await adminOrder.getByText('R$ 119,70').waitFor();
    await adminOrder.getByText('Pendente').waitFor();

    const { page } = olga;
    const panel = await customerPanel(page);
    await panel.getByRole('button', { name: /^Ações do pedido de R\$ 119,70/ }).click();
    await page.getByRole('menuitem', { name: 'Marcar como pago' }).click();
    await panel.getByTestId('order').first().getByText('Pago', { exact: true }).waitFor();
    // The administrator's panel follows without a reload (`OrderChanged`).
    await adminOrder.getByText('Pago', { exact: true }).waitFor();
    expect((await ordersOf(customerId))[0]?.status).toBe('paid');

    // The administrator cancels it (after confirming); the attendant's panel follows.
    await adminPanel.getByRole('button', { name: /^Ações do pedido de R\$ 119,70/ }).click();
    await admin.page.getByRole('menuitem', { name: 'Cancelar pedido' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Cancelar pedido' });
    await confirm.getByRole('button', { name: 'Cancelar pedido' }).click();
    await confirm.waitFor({ state: 'detached' });
    await adminOrder.getByText('Cancelado').waitFor();
    await panel.getByTestId('order').first().getByText('Cancelado').waitFor();
    expect((await ordersOf(customerId))[0]?.status).toBe('cancelled');
    expect(olga.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
