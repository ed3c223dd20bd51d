/**
 * Internal notes and @mentions (docs/notes.md) in two real browsers against the real server: the
 * inbox tenant's administrator writes a note on a waiting ticket, names a new attendant with "@"
 * who does not attend that number, agrees to share the ticket with her, and the note shows as an
 * internal bubble; a second note carries a file ("Anexar arquivo": uploaded at once, then sent with
 * its caption) — the provider never hears of either. The attendant, logged in elsewhere, sees her
 * "Menções" count rise without reloading, accepts the invitation in the drawer and opens the
 * conversation from the mention.
 *
 * Screenshots at 1280 and 390 px, light and dark (`19-*.png`), with axe-core: no serious or
 * critical violation. Runs on an instance of its own that no attendant of 06-inbox is linked to.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, logIn, openPage, type UserPage } from './support/browser';
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
const CUSTOMER = { phone: '+55 41 96666-3434', name: 'Otávio Reis' };
const RENATA = { name: 'Renata Notas', email: 'renata.notas@loja.example', password: 'Senha#Forte!9' };
const NOTE = 'pode confirmar se o boleto dele compensou?';
const FILE_NOTE = 'segue o comprovante que ele mandou por e-mail';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');

let browser: Browser;
let provider: FakeProvider;
let secret: string;
let instanceId: number;
let admin: UserPage;
let renata: UserPage;

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  secret = newWebhookSecret();
  const token = await inboxAdminToken(e2e);
  instanceId = await inboxInstance(e2e, token, 'WhatsApp Anotações', provider, secret);
  const roles = await inboxCall<{ id: number; name: string }[]>(e2e, 'GET', '/api/permission', undefined, token);
  const attendant = roles.find((role) => role.name === 'atendente');
  if (!attendant) throw new Error('no atendente role');
  // An attendant of no number: this ticket is none of hers until she is asked in.
  await inboxCall(e2e, 'POST', '/api/users', { ...RENATA, role_id: attendant.id, chosen_instances: [] }, token);
});

afterAll(async () => {
  await admin?.context.close();
  await renata?.context.close();
  await browser?.close();
  await provider?.close();
});

describe('internal notes and mentions', () => {
  it('a note names a colleague who does not see the ticket; sharing is asked; the customer never gets it', async () => {
    renata = await openPage(browser, e2e.inbox.baseUrl);
    await logIn(renata.page, RENATA.email, RENATA.password);
    await renata.page.getByRole('button', { name: 'Menções', exact: true }).waitFor();

    admin = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    const answer = await customerWrites(e2e, instanceId, secret, { ...CUSTOMER, body: 'Paguei o boleto ontem' });
    expect(answer.status).toBe(200);
    await page.goto('/');
    await page.locator('a[data-ticket-id]').filter({ hasText: CUSTOMER.name }).click();
    // The ticket waits in the queue: nobody replies yet, but a note can be written.
    await page.locator('label', { hasText: 'Anotação interna' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Anotação interna' }).isChecked()).toBe(true);
    const box = page.getByRole('textbox', { name: 'Anotação interna' });
    await box.click();
    await page.keyboard.type('@renat');
    const picker = page.getByRole('listbox', { name: 'Mencionar alguém' });
    await picker
      .getByRole('option', { name: /Renata Notas/ })
      .getByText(/não vê este atendimento/)
      .waitFor();
    await shots(page, '19-mention-picker');
    await box.focus();
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    await page.keyboard.type(NOTE);
    await expect.poll(() => box.inputValue()).toBe(`@Renata Notas ${NOTE}`);
    await page.keyboard.press('Enter');
    const ask = page.getByRole('dialog', { name: 'Compartilhar o atendimento?' });
    await ask.getByText(/Renata Notas não vê este atendimento/).waitFor();
    await ask.getByRole('button', { name: 'Compartilhar e enviar' }).click();
    await ask.waitFor({ state: 'detached' });
    const bubble = page.locator('[data-kind="internal"]').filter({ hasText: NOTE });
    await bubble.getByText(/Anotação interna/).waitFor();

    // A note with a file: it uploads as soon as it is picked, then goes with its caption.
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/notes/media?fileName=comprovante.pdf'),
    );
    await page
      .getByTestId('note-composer')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'comprovante.pdf', mimeType: 'application/pdf', buffer: PDF });
    expect((await uploaded).ok()).toBe(true);
    await page.getByTestId('note-file').getByText('comprovante.pdf').waitFor();
    await box.click();
    await page.keyboard.type(FILE_NOTE);
    await page.keyboard.press('Enter');
    const withFile = page.locator('[data-kind="internal"]').filter({ hasText: FILE_NOTE });
    await withFile.getByText(/Anotação interna/).waitFor();
    // Its file as the server keeps it (while pending the bubble says "carregando mídia…").
    await withFile.getByTestId('document-card').getByText('comprovante.pdf', { exact: true }).waitFor();
    await shots(page, '19-note');
    // Nothing of either reached the provider.
    await page.waitForTimeout(500);
    expect(provider.calls.filter((c) => /boleto dele|comprovante/.test(JSON.stringify(c.body ?? '')))).toEqual([]);
    expect(admin.errors).toEqual([]);
  });

  it('the colleague is told live, accepts the invitation and opens the conversation from the mention', async () => {
    const { page } = renata;
    // No reload: the socket brought the mention.
    const button = page.getByRole('button', { name: 'Menções: 1 não lida' });
    await button.waitFor({ timeout: 15_000 });
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Menções' });
    await drawer.getByText(/convidou você para este atendimento/).waitFor();
    await drawer.getByText(NOTE).waitFor();
    await shots(page, '19-mentions');
    await drawer.getByRole('button', { name: 'Aceitar' }).click();
    await drawer.getByText(/convidou você para este atendimento/).waitFor({ state: 'detached' });
    await drawer.getByRole('link', { name: new RegExp(CUSTOMER.name) }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.locator('[data-kind="internal"]').filter({ hasText: NOTE }).waitFor();
    await page.getByText(/Renata Notas entrou no atendimento/).waitFor();
    await page.getByRole('button', { name: 'Menções', exact: true }).waitFor();
    expect(renata.errors).toEqual([]);
  });
});
