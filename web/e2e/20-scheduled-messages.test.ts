/**
 * Scheduled messages (docs/scheduled-messages.md) in a real browser against the real server: the
 * inbox tenant's administrator schedules a message from a conversation's customer panel ("Em 1
 * hora"), finds it on "Agendamentos", and — its time brought forward through the API, as an edit
 * elsewhere would — watches it leave: the provider receives it and the screen moves it to
 * "Enviadas" without a reload. Then "Novo agendamento" on that screen: the customer found by name
 * and the number chosen in the dialog, no conversation opened.
 *
 * Screenshots at 1280 and 390 px, light and dark (`20-*.png`), with axe-core: no serious or
 * critical violation. Runs on an instance of its own that no attendant of 06-inbox is linked to.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, mainNav, openPage, type UserPage } from './support/browser';
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
const CUSTOMER = { phone: '+55 41 95555-7878', name: 'Paula Torres' };
const TEXT = 'Bom dia, Paula! Conforme combinado, seu pedido saiu para entrega.';
const LATER = 'Paula, seu boleto vence amanhã.';

let browser: Browser;
let provider: FakeProvider;
let secret: string;
let token: string;
let instanceId: number;
let admin: UserPage;

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  secret = newWebhookSecret();
  token = await inboxAdminToken(e2e);
  instanceId = await inboxInstance(e2e, token, 'WhatsApp Agenda', provider, secret);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await provider?.close();
});

describe('scheduled messages', () => {
  it('a message scheduled from the conversation is listed, then leaves at its time and moves to "Enviadas"', async () => {
    admin = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    const answer = await customerWrites(e2e, instanceId, secret, { ...CUSTOMER, body: 'Me avisa quando sair?' });
    expect(answer.status).toBe(200);
    await page.goto('/');
    await page.locator('a[data-ticket-id]').filter({ hasText: CUSTOMER.name }).click();
    await page.getByRole('button', { name: 'Agendar mensagem' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Agendar mensagem' });
    await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill(TEXT);
    await dialog.getByRole('button', { name: 'Em 1 hora' }).click();
    await shots(page, '20-schedule-dialog');
    await dialog.getByRole('button', { name: 'Agendar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await mainNav(page).getByRole('link', { name: 'Agendamentos' }).click();
    await page.getByRole('heading', { name: 'Agendamentos', level: 1 }).waitFor();
    await page.getByText(TEXT).first().waitFor();
    await shots(page, '20-scheduled');

    // Its time comes (brought forward as an edit in another tab would): it leaves once.
    const listed = await inboxCall<{ data: { id: number; body: string }[] }>(
      e2e,
      'GET',
      '/api/scheduled-messages?status=scheduled',
      undefined,
      token,
    );
    const mine = listed.data.find((row) => row.body === TEXT);
    if (!mine) throw new Error('the scheduled message is not listed');
    const soon = new Date(Date.now() + 3000).toISOString();
    await inboxCall(e2e, 'PUT', `/api/scheduled-messages/${mine.id}`, { sendAt: soon }, token);
    await expect
      .poll(() => provider.calls.filter((c) => c.path === '/messages' && c.body?.body === TEXT).length, {
        timeout: 20_000,
      })
      .toBe(1);
    // The screen hears it went out: "Agendadas" no longer lists it; "Enviadas" does, with its conversation.
    await page.getByText(TEXT).first().waitFor({ state: 'detached', timeout: 15_000 });
    await page.locator('label', { hasText: 'Enviadas' }).click();
    await page.getByText(TEXT).first().waitFor();
    await page.getByRole('link', { name: 'Abrir conversa' }).first().waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('"Novo agendamento" schedules for a customer found by name, without opening a conversation', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Novo agendamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agendar mensagem' });
    const customer = dialog.getByRole('combobox', { name: /^Cliente/ });
    await customer.click();
    await customer.fill('Paula');
    await page.getByRole('option', { name: /Paula Torres/ }).click();
    await dialog.getByRole('combobox', { name: /^Número/ }).click();
    await page.getByRole('option', { name: 'WhatsApp Agenda' }).click();
    await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill(LATER);
    await dialog.getByRole('button', { name: 'Em 1 hora' }).click();
    await shots(page, '20-new-schedule');
    await dialog.getByRole('button', { name: 'Agendar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('label', { hasText: 'Agendadas' }).click();
    await page.getByText(LATER).first().waitFor();
    const listed = await inboxCall<{ data: { body: string; customer: { name: string } }[] }>(
      e2e,
      'GET',
      '/api/scheduled-messages?status=scheduled',
      undefined,
      token,
    );
    expect(listed.data.find((row) => row.body === LATER)?.customer.name).toBe(CUSTOMER.name);
    expect(admin.errors).toEqual([]);
  });
});
