/**
 * Quick replies (docs/quick-replies.md) in a real browser against the real server: the inbox
 * tenant's administrator keeps a reply for the whole company on /quick-replies (a shortcut with a
 * space is refused in words, the variables are previewed), then, in a conversation, types "/sau",
 * sees it filled with the customer's first name, inserts it with Enter and sends it with Enter;
 * the provider receives the filled text and the screen counts the use.
 *
 * Then a reply that carries a file: the PDF is uploaded in the editor, "/tabela" puts it in the
 * composer's tray with its caption filled, and the provider receives the document.
 *
 * Screenshots at 1280 and 390 px, light and dark (`18-*.png`), with axe-core: no serious or
 * critical violation. Runs in the inbox tenant (`loja`) on an instance of its own, as its
 * administrator (no attendant of 06-inbox is linked to it, so their queues stay as that file
 * expects whatever order the files run in).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, mainNav, openPage, type UserPage } from './support/browser';
import {
  customerWrites,
  inboxAdminToken,
  inboxInstance,
  newWebhookSecret,
  startFakeProvider,
  type FakeProvider,
} from './support/inbox';
import { shots } from './support/shots';

const e2e = inject('e2e');
const CUSTOMER = { phone: '+55 41 97777-1212', name: 'Joana Prado' };
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n';

let browser: Browser;
let provider: FakeProvider;
let secret: string;
let instanceId: number;
let admin: UserPage;

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  secret = newWebhookSecret();
  const token = await inboxAdminToken(e2e);
  instanceId = await inboxInstance(e2e, token, 'WhatsApp Respostas', provider, secret);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await provider?.close();
});

describe('quick replies', () => {
  it('the administrator keeps a reply for the whole company, its variables previewed', async () => {
    admin = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    await mainNav(page).getByRole('link', { name: 'Respostas rápidas' }).click();
    await page.getByRole('heading', { name: 'Respostas rápidas', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Nova resposta' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nova resposta rápida' });
    const shortcut = form.getByRole('textbox', { name: /^Atalho/ });
    await shortcut.fill('com espaço');
    await form
      .getByRole('textbox', { name: /^Texto/ })
      .fill('{{saudacao}}, {{primeiro_nome}}! Seu protocolo é {{protocolo}}.');
    await form.getByRole('radio', { name: 'Empresa' }).check();
    await form.getByRole('button', { name: 'Criar resposta' }).click();
    // Refused in words under its field (the browser's check or the server's), and nothing created.
    await expect.poll(() => shortcut.getAttribute('aria-invalid')).toBe('true');
    await shortcut.fill('saudacao-loja');
    await form
      .getByTestId('quick-reply-preview')
      .getByText(/Maria! Seu protocolo é/)
      .waitFor();
    await shots(page, '18-quick-reply-form');
    await form.getByRole('button', { name: 'Criar resposta' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('/saudacao-loja').first().waitFor();
    await shots(page, '18-quick-replies');
    expect(admin.errors).toEqual([]);
  });

  it('"/" in a conversation offers it filled for the customer; Enter inserts it and Enter sends it', async () => {
    const { page } = admin;
    const answer = await customerWrites(e2e, instanceId, secret, { ...CUSTOMER, body: 'Oi! Meu pedido chegou?' });
    expect(answer.status).toBe(200);
    await page.goto('/');
    const item = page.locator('a[data-ticket-id]').filter({ hasText: CUSTOMER.name });
    await item.click();
    await page.getByRole('button', { name: 'Aceitar' }).click();
    const box = page.getByRole('textbox', { name: 'Mensagem' });
    await box.click();
    await page.keyboard.type('/sau');
    const picker = page.getByRole('listbox', { name: 'Respostas rápidas' });
    const option = picker.getByRole('option', { name: /\/saudacao-loja/ });
    await option.getByText(/Joana! Seu protocolo é \d/).waitFor();
    await shots(page, '18-quick-reply-picker');
    await box.focus();
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => box.inputValue()).toMatch(/^(Bom dia|Boa tarde|Boa noite), Joana! Seu protocolo é \w+\.$/);
    await page.keyboard.press('Enter');
    await expect
      .poll(
        () =>
          provider.calls.filter((c) => c.path === '/messages' && /Joana! Seu protocolo é/.test(String(c.body?.body)))
            .length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);

    // The screen counts the use.
    await mainNav(page).getByRole('link', { name: 'Respostas rápidas' }).click();
    const row = page.locator('[data-testid^="quick-reply-row-"]').filter({ hasText: '/saudacao-loja' });
    // The fourth cell: "Usos".
    await expect.poll(() => row.getByRole('cell').nth(3).innerText()).toBe('1');
    expect(admin.errors).toEqual([]);
  });

  it('a reply that carries a file puts it in the tray, captioned, and the customer receives the document', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Nova resposta' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nova resposta rápida' });
    await form.getByRole('textbox', { name: /^Atalho/ }).fill('tabela');
    await form.getByRole('textbox', { name: /^Texto/ }).fill('{{primeiro_nome}}, segue a tabela de preços.');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'tabela.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
    await form.getByTestId('attached-file').getByText('tabela.pdf').waitFor();
    await shots(page, '18-quick-reply-file-form');
    await form.getByRole('button', { name: 'Criar resposta' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByText('/tabela').first().waitFor();

    await page.goto('/');
    // Accepted in the test before: the conversation is among the administrator's own.
    await page.getByRole('tab', { name: /^Meus/ }).click();
    await page.locator('a[data-ticket-id]').filter({ hasText: CUSTOMER.name }).click();
    const box = page.getByRole('textbox', { name: 'Mensagem' });
    await box.click();
    await page.keyboard.type('/tabe');
    const picker = page.getByRole('listbox', { name: 'Respostas rápidas' });
    await picker
      .getByRole('option', { name: /\/tabela/ })
      .getByText('tabela.pdf')
      .waitFor();
    await page.keyboard.press('Enter');
    const caption = page.getByRole('textbox', { name: 'Legenda de tabela.pdf' });
    await expect.poll(() => caption.inputValue()).toBe('Joana, segue a tabela de preços.');
    await shots(page, '18-quick-reply-file-tray');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect
      .poll(
        () =>
          provider.calls.filter(
            (c) =>
              c.path === '/messages' &&
              (c.body as { type?: string; media?: { fileName?: string } } | undefined)?.media?.fileName ===
                'tabela.pdf',
          ).length,
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(admin.errors).toEqual([]);
  });
});
