/**
 * Tags and the live kanban board (docs/tags.md) in two real browsers against the real server: the
 * inbox tenant's administrator creates two tags on "Etiquetas" and makes them the board's columns;
 * a customer writes, so a ticket waits; the board (/kanban, first browser) shows its card under
 * "Sem etiqueta". In a second browser (another login of the same administrator) the ticket is
 * tagged from the conversation ("Etiquetas", under its header): the first browser sees the card
 * move to that tag's column without a reload. Its "Mover para…" then moves it to the other column,
 * and the second browser's conversation shows the new tag, live too. Back on the queue, the row's
 * "Etiquetas de {cliente}" button tags the ticket where it is, without opening it.
 *
 * Screenshots at 1280 and 390 px, light and dark (`21-*.png`), with axe-core: no serious or
 * critical violation. Runs on an instance of its own that no attendant of 06-inbox is linked to;
 * the tags it creates are deleted at the end, so the other files' queues look as they expect.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, mainNav, openPage, toast, type UserPage } from './support/browser';
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
const CUSTOMER = { phone: '+55 41 94444-2121', name: 'Renato Quadros' };
const FIRST = { name: 'Orçamento', color: 'Amarelo' };
const SECOND = { name: 'Pós-venda', color: 'Verde' };

let browser: Browser;
let provider: FakeProvider;
let secret: string;
let token: string;
let instanceId: number;
let admin: UserPage;
let second: UserPage;

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  secret = newWebhookSecret();
  token = await inboxAdminToken(e2e);
  instanceId = await inboxInstance(e2e, token, 'WhatsApp Etiquetas', provider, secret);
});

afterAll(async () => {
  await admin?.context.close();
  await second?.context.close();
  await browser?.close();
  await provider?.close();
  // The tags leave every ticket and the board with them: the other files see the tenant as before.
  if (token) {
    const tags = await inboxCall<{ id: number; name: string }[]>(e2e, 'GET', '/api/tags', undefined, token);
    for (const tag of tags.filter((t) => t.name === FIRST.name || t.name === SECOND.name)) {
      await inboxCall(e2e, 'DELETE', `/api/tags/${tag.id}`, undefined, token);
    }
  }
});

/**
 * Closes a toast if it is still there (it sits over the screen's top right, where "Nova etiqueta"
 * is, and stays while the mouse is over it), and waits until it is gone.
 */
async function closeToast(page: Page, title: string): Promise<void> {
  const notice = toast(page, title).first();
  if (await notice.isVisible()) {
    await notice
      .getByRole('button', { name: 'Fechar aviso' })
      .click({ timeout: 5_000 })
      .catch(() => undefined); // it closed on its own meanwhile
  }
  await notice.waitFor({ state: 'detached' });
}

/** The board's column named `title`. */
function column(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

/** The customer's card in a column of the board. */
function card(page: Page, title: string) {
  return column(page, title).locator('[data-ticket-card]').filter({ hasText: CUSTOMER.name });
}

/** The open conversation's tags line (under its header). */
function conversationTags(page: Page) {
  return page.getByTestId('conversation-tags');
}

describe('tags and the kanban board', () => {
  it('the administrator creates two tags on "Etiquetas" and makes them the board’s columns', async () => {
    admin = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    await mainNav(page).getByRole('link', { name: 'Etiquetas' }).click();
    await page.getByRole('heading', { name: 'Etiquetas', level: 1 }).waitFor();

    for (const tag of [FIRST, SECOND]) {
      await page.getByRole('button', { name: 'Nova etiqueta' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Nova etiqueta' });
      await dialog.getByRole('textbox', { name: /Nome da etiqueta/ }).fill(tag.name);
      await dialog.getByRole('button', { name: tag.color, exact: true }).click();
      await dialog.getByRole('button', { name: 'Criar etiqueta' }).click();
      await dialog.waitFor({ state: 'detached' });
      await closeToast(page, 'Etiqueta criada');
      await page.locator('[data-testid^="tag-row-"]').filter({ hasText: tag.name }).waitFor();
    }

    // The board's columns: both, in this order.
    for (const tag of [FIRST, SECOND]) {
      await page.getByRole('combobox', { name: 'Adicionar coluna' }).click();
      await page.getByRole('option', { name: tag.name, exact: true }).click();
      await page.getByTestId('board-column').filter({ hasText: tag.name }).waitFor();
    }
    const save = page.getByRole('button', { name: 'Salvar colunas' });
    await save.click();
    // Saved: nothing left to save, and the notice is up by then.
    await expect.poll(() => save.isDisabled()).toBe(true);
    await page.locator('[data-testid^="tag-row-"]').filter({ hasText: FIRST.name }).getByText('Coluna 1').waitFor();
    await page.locator('[data-testid^="tag-row-"]').filter({ hasText: SECOND.name }).getByText('Coluna 2').waitFor();
    await closeToast(page, 'Quadro salvo');
    await shots(page, '21-tags');
    expect(admin.errors).toEqual([]);
  });

  it('a ticket tagged in another browser moves to its column live; "Mover para…" moves it back out', async () => {
    const { page } = admin;
    const answer = await customerWrites(e2e, instanceId, secret, { ...CUSTOMER, body: 'Queria um orçamento' });
    expect(answer.status).toBe(200);

    await mainNav(page).getByRole('link', { name: 'Kanban' }).click();
    await page.getByRole('heading', { name: 'Kanban', level: 1 }).waitFor();
    await card(page, 'Sem etiqueta').waitFor();
    await column(page, FIRST.name).waitFor();
    await column(page, SECOND.name).waitFor();
    await shots(page, '21-kanban');

    // A second browser tags the ticket from the conversation.
    second = await openPage(browser, e2e.inbox.baseUrl);
    await logIn(second.page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    await second.page.locator('a[data-ticket-id]').filter({ hasText: CUSTOMER.name }).click();
    // The conversation's heading (the customer panel beside it has one too).
    await second.page.getByRole('heading', { name: CUSTOMER.name, exact: true }).first().waitFor();
    const tagsLine = conversationTags(second.page);
    await tagsLine.getByRole('button', { name: 'Etiquetas do atendimento' }).click();
    await second.page.getByRole('listbox', { name: 'Etiquetas do atendimento' }).waitFor();
    await second.page.getByRole('option', { name: FIRST.name, exact: true }).click();
    await tagsLine.getByRole('list', { name: 'Etiquetas do atendimento' }).getByText(FIRST.name).waitFor();
    await second.page.keyboard.press('Escape');

    // The board hears it: the card leaves "Sem etiqueta" for the tag's column, no reload.
    await card(page, FIRST.name).waitFor({ timeout: 15_000 });
    await card(page, 'Sem etiqueta').waitFor({ state: 'detached' });

    // "Mover para…" (the keyboard's and the phone's way to drag) moves it to the other column.
    await card(page, FIRST.name)
      .getByRole('button', { name: `Mover ${CUSTOMER.name} para…` })
      .click();
    await page.getByRole('menuitem', { name: SECOND.name }).click();
    await card(page, SECOND.name).waitFor();
    await card(page, FIRST.name).waitFor({ state: 'detached' });

    // The second browser's conversation follows, live.
    const badges = tagsLine.getByRole('list', { name: 'Etiquetas do atendimento' });
    await badges.getByText(SECOND.name).waitFor({ timeout: 15_000 });
    await expect.poll(() => badges.getByText(FIRST.name, { exact: true }).count()).toBe(0);

    // The card opens its conversation over the board.
    await card(page, SECOND.name).getByRole('link', { name: CUSTOMER.name }).click();
    const panel = page.getByRole('dialog', { name: 'Atendimento' });
    await panel.getByRole('heading', { name: CUSTOMER.name }).first().waitFor();
    await panel.getByText('Queria um orçamento').first().waitFor();
    await shots(page, '21-kanban-conversation');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await card(page, SECOND.name).waitFor();

    // Nothing of it reached the customer.
    expect(provider.calls.filter((call) => call.path === '/messages' && call.method === 'POST')).toEqual([]);
    expect(admin.errors).toEqual([]);
    expect(second.errors).toEqual([]);
  });

  it('the queue row’s "Etiquetas de …" button tags the ticket without opening it', async () => {
    const { page } = admin;
    await page.goto('/');
    const link = page.locator('a[data-ticket-id]').filter({ hasText: CUSTOMER.name });
    await link.waitFor();
    const queue = page.url();
    // The button shows with the row's hover (on a pointer screen).
    await link.hover();
    await page.getByRole('button', { name: `Etiquetas de ${CUSTOMER.name}`, exact: true }).click();
    await page.getByRole('listbox', { name: `Etiquetas de ${CUSTOMER.name}`, exact: true }).waitFor();
    await page.getByRole('option', { name: FIRST.name, exact: true }).click();
    await link.getByRole('list', { name: 'Etiquetas', exact: true }).getByText(FIRST.name).waitFor();
    await page.keyboard.press('Escape');
    expect(page.url()).toBe(queue);
    await page.getByRole('heading', { name: CUSTOMER.name, exact: true }).waitFor({ state: 'detached' });
    expect(admin.errors).toEqual([]);
  });
});
