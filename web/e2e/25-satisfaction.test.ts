/**
 * The customers' satisfaction survey (docs/service-levels.md#satisfaction-survey) against the real
 * server: the inbox tenant's administrator turns the survey on through the API (`PUT /api/survey`),
 * a customer writes to this file's own number, the administrator accepts, answers and closes the
 * ticket (API), and the fake provider receives the question with the customer's and the
 * attendant's first names. The customer answers "5, muito bom": the provider receives the thanks
 * and no ticket opens. The productivity screen, filtered by this number, shows "Satisfação dos
 * clientes (CSAT)" with CSAT 100 %, n = 1 and the comment "muito bom", in a real browser; axe-core
 * finds no serious or critical violation there. The survey's settings on "Níveis de serviço" say
 * that, past the customer's 24-hour window, an official number sends an approved template: the
 * inbox tenant has no official number ("Nenhum número oficial…"); with one faked in the browser's
 * answers (the real ones are 17-providers'), a template is chosen with `{{nome}}` and
 * `{{atendente}}`, previewed, and the server's refusal ("Escolha um número oficial.") lands under
 * that number's select. Screenshots at 1280 and 390 px, light and dark (`25-satisfaction-*.png`,
 * `25-survey-*.png`). The survey settings are put back as they were at the end.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { send } from './support/api';
import { seriousA11yViolations } from './support/axe';
import { launchBrowser, logIn, openPage, waitForPath, type UserPage } from './support/browser';
import {
  customerWrites,
  inboxAdminToken,
  inboxCall,
  inboxInstance,
  newWebhookSecret,
  startFakeProvider,
  type FakeProvider,
} from './support/inbox';
import { settle } from './support/settle';
import { shots } from './support/shots';

const e2e = inject('e2e');
const CUSTOMER = { phone: '+55 31 92525-2525', name: 'Célia Nogueira' };

interface Survey {
  enabled: boolean;
  question: string;
  thanks: string;
  answerMinutes: number;
  excludedDepartmentIds: number[];
  templates: { instanceId: number; templateId: number; parameters: string[] }[];
}
interface TicketAnswer {
  id: number;
  status: string;
  customer: { name: string };
}
interface Figure {
  sent: number;
  answered: number;
  average: number | null;
  csatPercent: number | null;
  responseRatePercent: number | null;
}

let browser: Browser;
let provider: FakeProvider;
let secret: string;
let token: string;
let instanceId: number;
let before: Survey | undefined;
let admin: UserPage | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeProvider();
  secret = newWebhookSecret();
  token = await inboxAdminToken(e2e);
  instanceId = await inboxInstance(e2e, token, 'WhatsApp Satisfação', provider, secret);
  before = await inboxCall<Survey>(e2e, 'GET', '/api/survey', undefined, token);
});

afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await provider?.close();
  // The other files' closes send no survey.
  if (token && before) await inboxCall(e2e, 'PUT', '/api/survey', before, token);
});

async function tickets(status: string): Promise<TicketAnswer[]> {
  const page = await inboxCall<{ data: TicketAnswer[] }>(
    e2e,
    'GET',
    `/api/tickets?status=${status}&instanceId=${instanceId}&limit=100`,
    undefined,
    token,
  );
  return page.data;
}

/** What the provider was asked to send to the customer, in order. */
function sentToCustomer(): string[] {
  const digits = CUSTOMER.phone.replace(/\D/g, '');
  return provider.sent
    .filter((message) => message.phone.replace(/\D/g, '').endsWith(digits.slice(-8)))
    .map((m) => m.body);
}

describe('satisfaction survey', () => {
  it('turns the survey on; a closed ticket sends the question and "5, muito bom" is recorded', async () => {
    // Invalid settings are refused field by field.
    const refused = await fetchSurvey({ ...(before as Survey), answerMinutes: 2 });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'invalid_survey', errors: [{ field: 'answerMinutes' }] });

    const saved = await inboxCall<Survey>(e2e, 'PUT', '/api/survey', { ...(before as Survey), enabled: true }, token);
    expect(saved.enabled).toBe(true);

    expect(
      (await customerWrites(e2e, instanceId, secret, { ...CUSTOMER, body: 'Oi, meu pedido atrasou' })).status,
    ).toBe(200);
    await expect.poll(async () => (await tickets('pending')).length, { timeout: 15_000 }).toBe(1);
    const [ticket] = await tickets('pending');
    if (!ticket) throw new Error('no ticket');
    await inboxCall(e2e, 'POST', `/api/tickets/${ticket.id}/accept`, undefined, token);
    await inboxCall(
      e2e,
      'POST',
      `/api/tickets/${ticket.id}/messages`,
      { clientId: `e2e-csat-${Date.now()}`, body: 'Já está a caminho, chega amanhã.' },
      token,
    );
    const reasons = await inboxCall<{ id: number }[]>(e2e, 'GET', '/api/closing-reasons?active=true', undefined, token);
    await inboxCall(e2e, 'POST', `/api/tickets/${ticket.id}/close`, { closingReasonId: reasons[0]?.id }, token);

    // The question reaches the customer, with their name.
    await expect
      .poll(() => sentToCustomer().some((body) => body.includes('Como você avalia o atendimento')), { timeout: 20_000 })
      .toBe(true);
    const question = sentToCustomer().find((body) => body.includes('Como você avalia o atendimento')) ?? '';
    expect(question).toContain(`Olá, ${CUSTOMER.name.split(' ')[0]}!`);
    expect(question).not.toContain('{{');

    expect((await customerWrites(e2e, instanceId, secret, { ...CUSTOMER, body: '5, muito bom' })).status).toBe(200);
    await expect
      .poll(() => sentToCustomer().some((body) => body.startsWith('Obrigado pela avaliação!')), { timeout: 20_000 })
      .toBe(true);
    // The answer opened no ticket.
    expect(await tickets('pending')).toEqual([]);
    expect(await tickets('open')).toEqual([]);

    const report = await inboxCall<{ overall: Figure; comments: { comment: string; rating: number }[] }>(
      e2e,
      'GET',
      `/api/dashboard/satisfaction?from=${day(-2)}&to=${day(0)}&instanceId=${instanceId}`,
      undefined,
      token,
    );
    expect(report.overall).toMatchObject({ sent: 1, answered: 1, csatPercent: 100 });
    expect(report.comments).toMatchObject([{ rating: 5, comment: 'muito bom' }]);
  });

  it('the productivity screen shows CSAT 100 %, n = 1 and the comment', async () => {
    admin = await openPage(browser, e2e.inbox.baseUrl);
    const { page } = admin;
    await logIn(page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    await page.goto(`${e2e.inbox.baseUrl}/dashboard/produtivity-report?instanceId=${instanceId}`);
    await waitForPath(page, '/dashboard/produtivity-report');
    const section = page.getByRole('region', { name: 'Satisfação dos clientes (CSAT)' });
    await section.getByRole('heading', { name: 'Satisfação dos clientes (CSAT)', level: 2 }).waitFor();
    await section.getByText('n = 1 · notas 4 e 5').waitFor({ timeout: 15_000 });
    expect(await section.getByText('n = 1 · notas 4 e 5').locator('..').innerText()).toContain('100 %');
    const comments = section.getByRole('list', { name: 'Últimos comentários' });
    await comments.getByText('muito bom').waitFor();
    await comments.getByRole('img', { name: 'nota 5 de 5' }).waitFor();
    await section.getByRole('button', { name: 'Baixar planilha' }).waitFor();

    await settle(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await shots(page, '25-satisfaction');
    expect(admin.errors).toEqual([]);
  });

  it('the survey settings say what goes past the 24-hour window: an approved template per official number', async () => {
    // The server answers the templates and refuses one on a number that is not official.
    expect((await inboxCall<Survey>(e2e, 'GET', '/api/survey', undefined, token)).templates).toEqual([]);
    const refused = await fetchSurvey({
      ...(before as Survey),
      templates: [{ instanceId, templateId: 1, parameters: [] }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'invalid_survey',
      errors: [{ field: 'templates[0].instanceId', message: 'Escolha um número oficial.' }],
    });

    if (!admin) {
      admin = await openPage(browser, e2e.inbox.baseUrl);
      await logIn(admin.page, e2e.inbox.admin.email, e2e.inbox.admin.password);
    }
    const { page } = admin;
    await page.goto(`${e2e.inbox.baseUrl}/service-levels`);
    await waitForPath(page, '/service-levels');
    const form = page.getByRole('form', { name: 'Pesquisa de satisfação' });
    const past = form.getByRole('region', { name: 'Fora da janela de 24 horas (números oficiais)' });
    // The inbox tenant's numbers are all behind the fake gateway: none is official.
    await past.getByText('Nenhum número oficial: a pesquisa vai como texto.').waitFor({ timeout: 15_000 });
    await past.getByText(/a Meta só aceita modelos aprovados/).waitFor();
    await shots(page, '25-survey-settings');

    // An official number and its templates, added to the server's answers in the browser only.
    const official = { id: 990_001, name: 'WhatsApp Oficial (simulado)' };
    const template = (id: number, name: string, status: string, body: string, parameters: number) => ({
      id,
      instanceId: official.id,
      name,
      language: 'pt_BR',
      category: 'UTILITY',
      status,
      header: null,
      body,
      footer: 'Acme Lojas',
      parameters: Array.from({ length: parameters }, (_, at) => ({ index: at + 1, example: null })),
      syncedAt: new Date().toISOString(),
    });
    // (The real lists are read here: Node cannot resolve the tenant's *.localhost host the browser uses.)
    const lists = {
      '/api/instance': await inboxCall<unknown[]>(e2e, 'GET', '/api/instance', undefined, token),
      '/api/inbox/instances': await inboxCall<unknown[]>(e2e, 'GET', '/api/inbox/instances', undefined, token),
    };
    await page.route(
      (url) => url.pathname in lists,
      (route) =>
        route.fulfill({
          json: [
            ...lists[new URL(route.request().url()).pathname as keyof typeof lists],
            { ...official, activated: true, providerKind: 'cloud', official: true },
          ],
        }),
    );
    await page.route(
      (url) => url.pathname === '/api/templates' && url.searchParams.get('instanceId') === String(official.id),
      (route) =>
        route.fulfill({
          json: [
            template(
              7001,
              'pesquisa_atendimento',
              'APPROVED',
              'Olá, {{1}}! Como você avalia o atendimento de {{2}}? Responda com uma nota de 1 a 5.',
              2,
            ),
            template(7002, 'pesquisa_natal', 'PENDING', 'Feliz Natal, {{1}}! Como foi o seu atendimento?', 1),
          ],
        }),
    );
    await page.reload();
    const number = past.getByRole('group', { name: official.name });
    const select = number.getByRole('combobox', { name: 'Modelo aprovado' });
    await select.waitFor({ timeout: 15_000 });
    expect(await select.inputValue()).toBe('Sem modelo (não enviar fora da janela)');
    await select.click();
    // Only an approved template can be chosen; the others are listed with their status.
    expect(
      await page.getByRole('option', { name: 'pesquisa_natal (pt_BR) — em análise' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await page.getByRole('option', { name: 'pesquisa_atendimento (pt_BR)' }).click();
    await number.getByRole('textbox', { name: 'Parâmetro {{1}}' }).fill('{{nome}}');
    await number.getByRole('textbox', { name: 'Parâmetro {{2}}' }).fill('{{atendente}}');
    await number
      .getByTestId('template-text')
      .getByText('Olá, Maria! Como você avalia o atendimento de Ana? Responda com uma nota de 1 a 5.')
      .waitFor();
    await shots(page, '25-survey-template');

    // Saved with the rest: the real server does not know the number, and says so under its select.
    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/survey' && response.request().method() === 'PUT',
    );
    await form.getByRole('button', { name: 'Salvar pesquisa' }).click();
    expect((await answer).status()).toBe(422);
    await number.getByText('Escolha um número oficial.').waitFor();
    expect(await form.getByRole('alert').count()).toBe(0);
    await form.getByRole('button', { name: 'Descartar' }).click();
    await page.unrouteAll({ behavior: 'wait' });
    expect((await inboxCall<Survey>(e2e, 'GET', '/api/survey', undefined, token)).templates).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});

/** `YYYY-MM-DD` of today plus `offset` days (UTC). */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** `PUT /api/survey` keeping the answer whatever its status. */
function fetchSurvey(body: Survey): Promise<{ status: number; body: unknown }> {
  return send(e2e, 'PUT', '/api/survey', body, token, { origin: e2e.inbox.baseUrl });
}
