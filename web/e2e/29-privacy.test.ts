/**
 * The data subject's rights (docs/privacy.md) in a real browser against the real server. A customer
 * writes through the fake provider to an instance of this file's own on `loja`; its administrator
 * opens them on /customers and finds "Privacidade (LGPD)": no legal hold, no consent. "Baixar
 * relatório do titular" downloads `titular-{id}-{yyyymmdd}.zip` (not empty); a legal hold is set
 * with its reason (the panel says "Exclusão suspensa: …" and "Anonimizar cliente…" is disabled),
 * then lifted after confirming; the customer is erased by typing their name exactly ("Anonimizar"
 * waits for it), the notification counts what left, and the customer is "Titular anonimizado" on
 * the panel, the list and the API (phone `anonimizado-{id}`), the report the only action left. On
 * /audit's "Configurações" tab the bot's consent step is switched on with a text, which makes
 * version N+1.
 *
 * Screenshots at 1280 and 390 px, light and dark (`29-*.png`: the privacy section scrolled into
 * view in the customer's drawer — no hold, under a hold, erased —, the erasure dialog open and the
 * consent step), with axe-core: no serious or critical violation, the dialogs open included. What it
 * leaves in `loja`: its instance and the erased customer; the consent step is put back as it was
 * (switched off) in `afterAll`.
 */
import { statSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, logIn, openPage, toast, type UserPage } from './support/browser';
import {
  customerWrites,
  inboxAdminToken,
  inboxCall,
  inboxCustomerByPhone,
  inboxInstance,
  newWebhookSecret,
  startFakeProvider,
  type FakeProvider,
} from './support/inbox';
import { shots } from './support/shots';

const e2e = inject('e2e');
const CUSTOMER = { phone: '+55 41 94444-2929', name: 'Lúcia Prado' };
const HOLD = 'Processo 0001234-56.2026.8.26.0100 (ação trabalhista)';
const CONSENT = 'Olá! Para atender você, tratamos seus dados (nome, telefone e mensagens) conforme a LGPD.';

interface Consent {
  enabled: boolean;
  text: string;
  version: number;
}

let browser: Browser;
let provider: FakeProvider;
let token: string;
let admin: UserPage;
let customerId = 0;
/** The consent step as the tenant had it, put back in `afterAll`. */
let consentBefore: Consent | null = null;

/** The open customer's drawer (named by the customer's name). */
function drawer(page: Page, name: string = CUSTOMER.name): Locator {
  return page.getByRole('dialog', { name });
}

function privacy(page: Page, name?: string): Locator {
  return drawer(page, name).getByRole('region', { name: 'Privacidade (LGPD)' });
}

/** Scrolls the drawer to the privacy section (the drawer scrolls on its own). */
function revealPrivacy(name?: string) {
  return async (page: Page) => {
    await privacy(page, name).evaluate((section) => section.scrollIntoView({ block: 'start' }));
  };
}

/** Closes a toast (it sits at the top right, over the drawer's buttons). */
async function dismissToast(page: Page, text: string) {
  const notice = toast(page, text);
  await notice.getByRole('button', { name: 'Fechar aviso' }).click();
  await notice.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  const secret = newWebhookSecret();
  token = await inboxAdminToken(e2e);
  const instanceId = await inboxInstance(e2e, token, 'WhatsApp Privacidade', provider, secret);
  const answer = await customerWrites(e2e, instanceId, secret, {
    ...CUSTOMER,
    body: 'Quero saber que dados vocês guardam sobre mim.',
  });
  if (answer.status !== 200) throw new Error(`customer writes → ${answer.status}: ${JSON.stringify(answer.body)}`);
  customerId = (await inboxCustomerByPhone(e2e, token, CUSTOMER.phone)).id;
  consentBefore = await inboxCall<Consent>(e2e, 'GET', '/api/privacy/consent', undefined, token);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await provider?.close();
  if (consentBefore) {
    await inboxCall(
      e2e,
      'PUT',
      '/api/privacy/consent',
      { enabled: consentBefore.enabled, text: consentBefore.text },
      await inboxAdminToken(e2e),
    );
  }
});

describe('privacy (LGPD)', () => {
  it('the administrator opens the customer: "Privacidade (LGPD)", no legal hold, no consent', async () => {
    admin = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    await page.goto(`/customers?cliente=${customerId}`);
    const section = privacy(page);
    await section.getByText('Sem retenção legal').waitFor();
    await section.getByText('Nenhum consentimento registrado.').waitFor();
    expect(await section.getByRole('button', { name: 'Anonimizar cliente…' }).isEnabled()).toBe(true);
    await shots(page, '29-privacy', { reveal: revealPrivacy() });
    expect(admin.errors).toEqual([]);
  });

  it('"Baixar relatório do titular" downloads the customer\'s zip', async () => {
    const { page } = admin;
    const download = page.waitForEvent('download');
    await privacy(page).getByRole('button', { name: 'Baixar relatório do titular' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^titular-${customerId}-\\d{8}\\.zip$`));
    expect(file.suggestedFilename().endsWith('.zip')).toBe(true);
    expect(statSync(await file.path()).size).toBeGreaterThan(0);
    await toast(page, 'Relatório do titular: download concluído').waitFor();
    await dismissToast(page, 'Relatório do titular: download concluído');
    expect(admin.errors).toEqual([]);
  });

  it('sets a legal hold with its reason: the erasure is disabled, and says why', async () => {
    const { page } = admin;
    await privacy(page).getByRole('button', { name: 'Registrar retenção legal…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar retenção legal' });
    await dialog.getByRole('textbox', { name: /^Motivo/ }).fill(HOLD);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Registrar retenção' }).click();
    await dialog.waitFor({ state: 'detached' });
    await dismissToast(page, 'Retenção legal registrada');

    const section = privacy(page);
    await section.getByText(`Exclusão suspensa: ${HOLD}`, { exact: false }).waitFor();
    expect(await section.getByTestId('privacy-status').innerText()).toMatch(
      /\(desde \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\)$/,
    );
    const erase = section.getByRole('button', { name: 'Anonimizar cliente…' });
    expect(await erase.isDisabled()).toBe(true);
    await section.getByText('Para anonimizar, retire antes a retenção legal.').waitFor();
    // The server refuses it too, saying the reason.
    const refused = await inboxCall<unknown>(e2e, 'GET', `/api/customers/${customerId}/privacy`, undefined, token);
    expect(refused).toMatchObject({ legalHoldReason: HOLD });
    await shots(page, '29-privacy-hold', { reveal: revealPrivacy() });
    expect(admin.errors).toEqual([]);
  });

  it('lifts the hold after confirming', async () => {
    const { page } = admin;
    await privacy(page).getByRole('button', { name: 'Retirar retenção legal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Retirar retenção legal' });
    await dialog.getByText(`Motivo registrado: ${HOLD}`).waitFor();
    await dialog.getByRole('button', { name: 'Retirar retenção' }).click();
    await dialog.waitFor({ state: 'detached' });
    await dismissToast(page, 'Retenção legal retirada');
    await privacy(page).getByText('Sem retenção legal').waitFor();
    expect(await privacy(page).getByRole('button', { name: 'Anonimizar cliente…' }).isEnabled()).toBe(true);
    expect(admin.errors).toEqual([]);
  });

  it('erases the customer once their name is typed: "Titular anonimizado" everywhere', async () => {
    const { page } = admin;
    await privacy(page).getByRole('button', { name: 'Anonimizar cliente…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anonimizar cliente' });
    await dialog.getByRole('region', { name: 'Sai' }).waitFor();
    await dialog.getByRole('region', { name: 'Fica' }).waitFor();
    const submit = dialog.getByRole('button', { name: 'Anonimizar cliente' });
    expect(await submit.isDisabled()).toBe(true);
    const field = dialog.getByRole('textbox', { name: 'Digite o nome do cliente para confirmar' });
    await field.fill('lúcia prado');
    expect(await submit.isDisabled()).toBe(true);
    await field.fill(CUSTOMER.name);
    expect(await submit.isEnabled()).toBe(true);
    // The panel with the dialog open: no serious or critical violation, in both themes and sizes.
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shots(page, '29-privacy-erase');

    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    const done = toast(page, 'Cliente anonimizado:');
    await done.waitFor();
    expect(await done.innerText()).toMatch(/Cliente anonimizado: \d+ mensage(m|ns), \d+ arquivos? removidos?\./);
    await dismissToast(page, 'Cliente anonimizado:');

    // The drawer, the list and the API: the customer is "Titular anonimizado" now.
    const erased = privacy(page, 'Titular anonimizado');
    await erased.getByText('Anonimizado em', { exact: false }).first().waitFor();
    expect(await erased.getByRole('button').allInnerTexts()).toEqual(['Baixar relatório do titular']);
    expect(await drawer(page, 'Titular anonimizado').getByRole('button', { name: 'Editar' }).count()).toBe(0);
    // The address the erasure leaves is no one's: shown as such, never as an identity or an id.
    await drawer(page, 'Titular anonimizado').getByText('Dados removidos (LGPD)').first().waitFor();
    expect(await drawer(page, 'Titular anonimizado').innerText()).not.toContain(`anonimizado-${customerId}`);
    await page.getByTestId(`customer-row-${customerId}`).getByText('Titular anonimizado').waitFor();
    const customer = await inboxCall<{ name: string; phone: string; email: string | null }>(
      e2e,
      'GET',
      `/api/customers/${customerId}`,
      undefined,
      token,
    );
    expect(customer).toMatchObject({ name: 'Titular anonimizado', phone: `anonimizado-${customerId}`, email: null });
    await shots(page, '29-privacy-erased', { reveal: revealPrivacy('Titular anonimizado') });

    // The report is still there, for what remains.
    const download = page.waitForEvent('download');
    await erased.getByRole('button', { name: 'Baixar relatório do titular' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);
    expect(admin.errors).toEqual([]);
  });

  it('"Configurações" of /audit: the consent step switched on with a text makes a new version', async () => {
    const { page } = admin;
    await page.goto('/audit?tab=retencao');
    const form = page.getByRole('form', { name: 'Consentimento no primeiro contato (LGPD)' });
    await form.waitFor();
    const before = consentBefore?.version ?? 0;
    const toggle = form.getByRole('switch', { name: 'Pedir consentimento no primeiro contato' });
    if (!(await toggle.isChecked())) await toggle.click();
    const text = form.getByRole('textbox', { name: 'Texto do consentimento' });
    await text.fill(`${CONSENT} (${Date.now().toString(36)})`);
    await form.getByText(`Ao salvar, o texto vira a versão ${before + 1}`, { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Salvar consentimento' }).click();
    await toast(page, `Consentimento salvo: versão ${before + 1}.`).waitFor();
    await form
      .getByTestId('consent-version')
      .getByText(`Versão ${before + 1}`)
      .waitFor();
    const saved = await inboxCall<Consent>(e2e, 'GET', '/api/privacy/consent', undefined, token);
    expect(saved).toMatchObject({ enabled: true, version: before + 1 });
    await dismissToast(page, `Consentimento salvo: versão ${before + 1}.`);
    await shots(page, '29-privacy-consent', {
      reveal: async (shown) => {
        await shown
          .getByRole('form', { name: 'Consentimento no primeiro contato (LGPD)' })
          .evaluate((section) => section.scrollIntoView({ block: 'start' }));
      },
    });
    expect(admin.errors).toEqual([]);
  });
});
