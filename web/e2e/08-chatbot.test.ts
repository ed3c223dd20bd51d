/**
 * The menu chatbot ("Maria", tenant option `chatbot`) end to end, in the inbox test's tenant `loja`
 * (e2e/global-setup.ts) but on an instance of its own ("Chatbot Padaria", with its own fake
 * provider), whose bot it configures for that instance only: 06-inbox's instance keeps the default
 * bot, which is off, so the two files pass in any order. The opening hours are the company's
 * (docs/service-levels.md: "Níveis de serviço", 24-service-levels): this file gives `loja` a Monday
 * to Friday calendar for its out-of-hours simulation and puts the one it found back at the end.
 *
 * The administrator personalises the instance's bot in the editor (/chatbot): two options — one
 * routes to the Financeiro department, one answers with a fixed text and a PDF — reordered from the keyboard
 * (the drag handle) and back with the "mover" buttons, tries them in the simulator (the bot
 * answers, the outcome shows, a Sunday night is out of hours) and saves. Then a customer writes (a
 * provider event): the ticket appears under "Com o bot" without a reload, with the bot's messages
 * marked as the bot's, and the browser does not ring for it; the customer answers "1" and the
 * ticket arrives in "Aguardando" without a reload. Another customer's ticket is taken over from
 * the bot ("Assumir"). The Maria panel links to the editor.
 *
 * Screenshots at 1280 and 390 px, light and dark (`08-*.png`), and axe-core (no serious or
 * critical violation) in each state.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { operatorToken, setTenantFeature, tenantFeatures } from './support/api';
import { shots } from './support/shots';
import { launchBrowser, logIn, mainNav, openPage, toast, waitForPath, type UserPage } from './support/browser';
import {
  customerWrites,
  inboxAdminToken,
  inboxCall,
  newWebhookSecret,
  startFakeProvider,
  type FakeProvider,
} from './support/inbox';

const e2e = inject('e2e');
const INSTANCE_NAME = 'Chatbot Padaria';
const CUSTOMER = { phone: '+55 31 98888-1111', name: 'Joana Padeira' };
const OTHER_CUSTOMER = { phone: '+55 31 97777-2222', name: 'Caio Confeiteiro' };
const FINANCE = 'Financeiro e boletos';
const HOURS = 'Horário de funcionamento';
const HOURS_ANSWER = 'Abrimos de segunda a sábado, das 7h às 19h.';
const HOURS_FILE = 'horarios.pdf';

let browser: Browser;
let provider: FakeProvider;
let secret: string;
let instanceId: number;
let admin: UserPage;
/** The last `GET /api/tickets?status=pending` answer the administrator's page received (diagnostics). */
let lastPendingList = '(none)';
/** Whether `loja` had the chatbot option on before this file (put back in `afterAll`). */
let chatbotWasOn: boolean | null = null;
/** `loja`'s calendar before this file (put back in `afterAll`). */
let calendarBefore: { businessHours: unknown[]; holidays: string[] } | null = null;
/** Monday to Friday, 08:00 to 18:00: a Sunday night is out of hours. */
const WEEKDAYS_CALENDAR = {
  businessHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
  holidays: [],
};

/** An operator's access token (back-office host), for the tenant's feature options. */
/** The queue's ticket of a customer (a link in the queue's list). */
function queueItem(page: Page, customer: string): Locator {
  return page.locator('a[data-ticket-id]').filter({ hasText: customer });
}

function tab(page: Page, name: RegExp): Locator {
  return page.getByRole('tab', { name });
}

/** The option card at `index` (0-based) of the editor's menu. */
function option(page: Page, index: number): Locator {
  return page.getByTestId('bot-option').nth(index);
}

async function optionLabels(page: Page): Promise<string[]> {
  return page
    .getByTestId('bot-option')
    .evaluateAll((cards) =>
      cards.map((card) => card.querySelector<HTMLInputElement>('input[data-path$=".label"]')?.value ?? ''),
    );
}

/** Sends a message in the simulator and waits for the bot's answer containing `expected`. */
async function simulate(page: Page, text: string, expected: string | RegExp): Promise<void> {
  const simulator = page.getByRole('region', { name: 'Simulador' });
  const box = simulator.getByRole('textbox', { name: 'Mensagem do cliente' });
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/bot/simulate'));
  await box.fill(text);
  await box.press('Enter');
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  await simulator
    .getByTestId('simulated-message')
    .filter({ hasText: expected })
    .and(page.locator('[data-from="bot"]'))
    .last()
    .waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  secret = newWebhookSecret();
  const operator = await operatorToken(e2e);
  chatbotWasOn =
    (await tenantFeatures(e2e, operator, e2e.inbox.tenant)).find((feature) => feature.option === 'chatbot')?.enabled ??
    false;
  if (!chatbotWasOn) await setTenantFeature(e2e, operator, e2e.inbox.tenant, 'chatbot', true);
  const token = await inboxAdminToken(e2e);
  const instance = await inboxCall<{ id: number }>(
    e2e,
    'POST',
    '/api/instance',
    {
      name: INSTANCE_NAME,
      isOfficial: false,
      isUnlimited: false,
      providerBaseUrl: provider.url,
      providerSecret: secret,
    },
    token,
  );
  instanceId = instance.id;
  // The company's calendar, which the bot reads (no longer part of its configuration).
  calendarBefore = await inboxCall<{ businessHours: unknown[]; holidays: string[] }>(
    e2e,
    'GET',
    '/api/calendar',
    undefined,
    token,
  );
  await inboxCall(e2e, 'PUT', '/api/calendar', WEEKDAYS_CALENDAR, token);
  const reasons = await inboxCall<{ name: string }[]>(e2e, 'GET', '/api/closing-reasons', undefined, token);
  if (!reasons.some((reason) => reason.name === 'Sem resposta ao bot')) {
    await inboxCall(e2e, 'POST', '/api/closing-reasons', { name: 'Sem resposta ao bot' }, token);
  }
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await provider?.close();
  if (chatbotWasOn === false) await setTenantFeature(e2e, await operatorToken(e2e), e2e.inbox.tenant, 'chatbot', false);
  if (calendarBefore) {
    await inboxCall(
      e2e,
      'PUT',
      '/api/calendar',
      { businessHours: calendarBefore.businessHours, holidays: calendarBefore.holidays },
      await inboxAdminToken(e2e),
    );
  }
});

describe('the chatbot editor', () => {
  it('the administrator personalises the instance’s bot: two options, reordered, tried in the simulator, saved', async () => {
    admin = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = admin;
    // The last answer of the people's queue (`status=pending`), said when an assertion about it fails.
    page.on('response', (response) => {
      if (response.url().includes('/api/tickets?status=pending')) {
        void response
          .text()
          .then((body) => {
            lastPendingList = `${new Date().toISOString()} ${body}`;
          })
          .catch(() => undefined);
      }
    });
    await logIn(page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    await mainNav(page).getByRole('link', { name: 'Chatbot' }).click();
    await waitForPath(page, '/chatbot');
    await page.getByRole('heading', { name: 'Chatbot', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: /Nome do assistente/ }).waitFor();

    // The instance has no bot of its own: the default's values, read-only, until personalised.
    await page.getByRole('combobox', { name: /Configuração de/ }).click();
    await page.getByRole('option', { name: INSTANCE_NAME }).click();
    await page.waitForURL((url) => url.searchParams.get('instance') === String(instanceId));
    const inherited = page.getByTestId('inherited');
    await inherited.getByText('Usa a configuração padrão').waitFor();
    expect(await page.getByRole('textbox', { name: /Nome do assistente/ }).isDisabled()).toBe(true);
    await inherited.getByRole('button', { name: 'Personalizar para esta instância' }).click();
    await page.getByRole('textbox', { name: /Nome do assistente/ }).fill('Maria');

    const enabled = page.getByRole('switch', { name: 'Bot ligado' });
    if (!(await enabled.isChecked())) await enabled.check({ force: true });

    // Option 1 routes to Financeiro; option 2 answers with a fixed text.
    await option(page, 0)
      .getByRole('textbox', { name: /Texto da opção 1/ })
      .fill(FINANCE);
    await option(page, 0).getByRole('combobox', { name: 'O que fazer' }).click();
    await page.getByRole('option', { name: 'Encaminhar para departamento' }).click();
    await option(page, 0)
      .getByRole('combobox', { name: /Departamento/ })
      .click();
    await page.getByRole('option', { name: 'Financeiro', exact: true }).click();
    await page.getByRole('button', { name: 'Adicionar opção' }).click();
    await option(page, 1)
      .getByRole('textbox', { name: /Texto da opção 2/ })
      .fill(HOURS);
    await option(page, 1).getByRole('combobox', { name: 'O que fazer' }).click();
    await page.getByRole('option', { name: 'Responder com texto' }).click();
    await option(page, 1)
      .getByRole('textbox', { name: /Resposta/ })
      .fill(HOURS_ANSWER);
    // The answer carries a PDF: uploaded at once, shown with its name, its caption the answer.
    await option(page, 1)
      .locator('input[type="file"]')
      .setInputFiles({ name: HOURS_FILE, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 horários') });
    await option(page, 1).getByTestId('attached-file').getByText(HOURS_FILE).waitFor();
    expect(await optionLabels(page)).toEqual([FINANCE, HOURS]);

    // Reordered from the keyboard with the drag handle (Space, ArrowUp, Space)...
    const handle = page.getByRole('button', { name: `Arrastar 2. ${HOURS}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(250);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(400);
    await page.keyboard.press('Space');
    await expect.poll(() => optionLabels(page)).toEqual([HOURS, FINANCE]);
    // ...and back with the button that needs no dragging.
    await page.getByRole('button', { name: `Mover 1. ${HOURS} para baixo` }).click();
    await expect.poll(() => optionLabels(page)).toEqual([FINANCE, HOURS]);
    await page.getByText('Alterações não salvas').waitFor();

    // The simulator answers with the draft, before it is saved.
    await simulate(page, 'oi', `1 - ${FINANCE}`);
    const outcome = page.getByTestId('simulation-outcome');
    await outcome.getByText('Ainda com o bot').waitFor();
    await simulate(page, '2', HOURS_ANSWER);
    await outcome.getByText('Ainda com o bot').waitFor();
    await page.getByTestId('simulated-file').filter({ hasText: HOURS_FILE }).first().waitFor();
    await simulate(page, '1', /Financeiro/);
    await outcome.getByText('Encaminhado para Financeiro').waitFor();
    await shots(page, '08-chatbot-editor');

    // A Sunday night is out of hours (the company's calendar: Monday to Friday).
    await page.getByRole('button', { name: 'Reiniciar conversa' }).click();
    await page.getByLabel('Simular em').fill('29/11/2026 23:00');
    await page.getByLabel('Simular em').press('Tab');
    await simulate(page, 'boa noite', `1 - ${FINANCE}`);
    await page.getByTestId('out-of-hours').waitFor();
    await shots(page, '08-chatbot-simulator-out-of-hours');

    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/bot/config') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Salvar' }).click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    const body = answer.request().postDataJSON() as {
      instanceId: number;
      options: { label: string; attachment?: { fileName: string } }[];
    };
    expect(body.instanceId).toBe(instanceId);
    expect(body.options.map((entry) => entry.label)).toEqual([FINANCE, HOURS]);
    expect(body.options.map((entry) => entry.attachment?.fileName)).toEqual([undefined, HOURS_FILE]);
    await toast(page, 'Configuração salva').waitFor();
    await page.getByText('Configuração própria', { exact: true }).waitFor();
    expect(await optionLabels(page)).toEqual([FINANCE, HOURS]);
    expect(admin.errors).toEqual([]);
  });
});

describe('the bot in the inbox', () => {
  it('a customer’s message goes to the bot: "Com o bot" shows it live, marked as the bot’s, without ringing', async () => {
    const { page } = admin;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Atendimentos', level: 1 }).waitFor();
    // The tenant has the chatbot: the tab is there even while it holds nobody.
    await tab(page, /^Com o bot/).waitFor();
    // The tab is hidden: a customer's message would notify and ring — not one the bot holds.
    await page.evaluate(() => {
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

    const sentBefore = provider.sent.length;
    expect(
      (await customerWrites(e2e, instanceId, secret, { ...CUSTOMER, body: 'Bom dia! Preciso da segunda via.' })).status,
    ).toBe(200);
    // The bot greets with the menu, through the instance's provider.
    await expect
      .poll(() => provider.sent.slice(sentBefore).some((message) => message.body.includes(`1 - ${FINANCE}`)), {
        timeout: 15_000,
      })
      .toBe(true);
    await tab(page, /Com o bot\s*1/).click();
    await queueItem(page, CUSTOMER.name).waitFor();
    expect(await queueItem(page, CUSTOMER.name).getByText('Com o bot').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { shown: string[][] }).shown)).toEqual([]);
    await page.evaluate(() =>
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true }),
    );
    await shots(page, '08-inbox-bot-tab');

    await queueItem(page, CUSTOMER.name).click();
    const conversation = page.getByRole('region', { name: 'Conversa' });
    await conversation.getByText('Bom dia! Preciso da segunda via.').waitFor();
    const botMessage = conversation.locator('[data-kind="bot"]').filter({ hasText: `1 - ${FINANCE}` });
    await botMessage.waitFor();
    await botMessage.getByTestId('bot-author').getByText('Assistente virtual · bot').waitFor();
    await conversation.getByRole('button', { name: 'Assumir' }).waitFor();
    await conversation.getByText(/assistente virtual está atendendo/).waitFor();
    await shots(page, '08-inbox-bot-conversation');
    expect(admin.errors).toEqual([]);
  });

  it('the customer picks option 1: the ticket leaves the bot and arrives in Aguardando without a reload', async () => {
    const { page } = admin;
    await tab(page, /^Aguardando/).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === null);
    // While the bot holds it, the ticket is not in the people's queue (once the tab's list is read
    // again: a list cached before is shown at once, then refreshed).
    await expect
      .poll(() => queueItem(page, CUSTOMER.name).count(), {
        message: `in Aguardando while the bot holds it; last status=pending answer: ${lastPendingList}`,
        timeout: 10_000,
      })
      .toBe(0);
    // Option 2 first: the answer goes out as the PDF, its text the caption; the bot keeps the ticket.
    const asked = provider.sent.length;
    expect((await customerWrites(e2e, instanceId, secret, { ...CUSTOMER, body: '2' })).status).toBe(200);
    await expect
      .poll(() => provider.sent.slice(asked).find((message) => message.body.includes(HOURS_ANSWER)), {
        timeout: 15_000,
      })
      .toMatchObject({ type: 'document', fileName: HOURS_FILE });
    const sentBefore = provider.sent.length;
    expect((await customerWrites(e2e, instanceId, secret, { ...CUSTOMER, body: '1' })).status).toBe(200);
    await queueItem(page, CUSTOMER.name).waitFor();
    // The handover message names the department.
    await expect
      .poll(() => provider.sent.slice(sentBefore).some((message) => message.body.includes('Financeiro')), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect
      .poll(() => queueItem(page, CUSTOMER.name).getByText('Com o bot').count(), {
        message: `still marked "Com o bot" in Aguardando; last status=pending answer: ${lastPendingList}`,
      })
      .toBe(0);
    const conversation = page.getByRole('region', { name: 'Conversa' });
    await conversation.getByRole('button', { name: 'Aceitar' }).waitFor();
    expect(admin.errors).toEqual([]);
  });

  it('another customer’s ticket is taken over from the bot ("Assumir")', async () => {
    const { page } = admin;
    await customerWrites(e2e, instanceId, secret, { ...OTHER_CUSTOMER, body: 'Olá, vocês fazem bolo de encomenda?' });
    await tab(page, /Com o bot\s*1/).click();
    await queueItem(page, OTHER_CUSTOMER.name).click();
    const conversation = page.getByRole('region', { name: 'Conversa' });
    await conversation.locator('[data-kind="bot"]').first().waitFor();
    await conversation.getByRole('button', { name: 'Assumir' }).click();
    await toast(page, 'Atendimento assumido').waitFor();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'mine');
    await conversation.getByRole('textbox', { name: 'Mensagem' }).waitFor();
    // Nobody left with the bot: the tab stays (the tenant has the chatbot), without a count.
    await tab(page, /^Com o bot/).waitFor();
    await expect.poll(() => tab(page, /Com o bot\s*\d/).count()).toBe(0);
    expect(admin.errors).toEqual([]);
  });
});

describe('the Maria panel', () => {
  it('shows the bot’s figures and links to the editor', async () => {
    const { page } = admin;
    await mainNav(page).getByRole('link', { name: 'Painel Maria' }).click();
    await waitForPath(page, '/dashboard/maria-panel');
    await page.getByRole('heading', { name: 'Painel Maria', level: 1 }).waitFor();
    await page.locator('[data-figure]').filter({ hasText: 'Recebidos pelo chatbot' }).waitFor();
    await page.getByText('Com o bot agora').waitFor();
    await shots(page, '08-maria-panel');
    await page.getByRole('link', { name: 'Configurar o bot' }).click();
    await waitForPath(page, '/chatbot');
    await page.getByRole('textbox', { name: /Nome do assistente/ }).waitFor();
    expect(admin.errors).toEqual([]);
  });
});
