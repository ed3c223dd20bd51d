/**
 * The customers' satisfaction survey (docs/service-levels.md#satisfaction-survey) against the real
 * server: the inbox tenant's administrator turns the survey on through the API (`PUT /api/survey`;
 * its settings section is not on a screen yet), a customer writes to this file's own number, the
 * administrator accepts, answers and closes the ticket (API), and the fake provider receives the
 * question with the customer's and the attendant's first names. The customer answers "5, muito bom": the
 * provider receives the thanks and no ticket opens. The productivity screen, filtered by this
 * number, shows "Satisfação dos clientes (CSAT)" with CSAT 100 %, n = 1 and the comment
 * "muito bom", in a real browser; axe-core finds no serious or critical violation there.
 * Screenshots at 1280 and 390 px, light and dark (`25-satisfaction-*.png`). The survey settings are
 * put back as they were at the end.
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
import { settle, shots } from './support/shots';

const e2e = inject('e2e');
const CUSTOMER = { phone: '+55 31 92525-2525', name: 'Célia Nogueira' };

interface Survey {
  enabled: boolean;
  question: string;
  thanks: string;
  answerMinutes: number;
  excludedDepartmentIds: number[];
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
});

/** `YYYY-MM-DD` of today plus `offset` days (UTC). */
function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** `PUT /api/survey` keeping the answer whatever its status. */
function fetchSurvey(body: Survey): Promise<{ status: number; body: unknown }> {
  return send(e2e, 'PUT', '/api/survey', body, token, { origin: e2e.inbox.baseUrl });
}
