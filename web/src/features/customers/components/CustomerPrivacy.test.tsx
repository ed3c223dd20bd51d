import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { CustomerPrivacy } from '../api/schemas';
import { CUSTOMERS, customer, detail, GROUPS, page, privacy } from '../test-data';
import { CustomersScreen } from './CustomersScreen';

const HOLD = 'Processo 0001234-56.2026.8.26.0100';
const ERASED = customer({ name: 'Titular anonimizado', phone: 'anonimizado-7', email: null });

function open(path = '/customers?cliente=7') {
  return renderRoutes(
    [{ path: '/customers', element: <CustomersScreen ticketHref={(id) => `/?ticket=${id}`} /> }],
    path,
  );
}

/** The list, Carla's detail and the groups; `extra` adds or replaces routes. */
function routes(answer: CustomerPrivacy | (() => Response), extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/customers': () => json(page(CUSTOMERS)),
    'GET /api/customers/7': () => json(detail()),
    'GET /api/customer-groups': () => json(GROUPS),
    'GET /api/customers/7/privacy': typeof answer === 'function' ? answer : () => json(answer),
    ...extra,
  });
}

async function privacySection() {
  const drawer = await screen.findByRole('dialog', { name: 'Carla Dias' });
  const section = await within(drawer).findByRole('region', { name: 'Privacidade (LGPD)' });
  await within(section).findByTestId('privacy-status');
  return { drawer, section };
}

describe('customer privacy (LGPD)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['customers']);
  });

  it('without a hold: "Sem retenção legal", the report, the hold and the erasure, no consent', async () => {
    routes(privacy());
    open();
    const { section } = await privacySection();
    expect(within(section).getByTestId('privacy-status')).toHaveTextContent('Sem retenção legal');
    expect(within(section).getByRole('button', { name: 'Baixar relatório do titular' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Registrar retenção legal…' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Anonimizar cliente…' })).toBeEnabled();
    expect(within(section).getByText('Nenhum consentimento registrado.')).toBeInTheDocument();
  });

  it('under a legal hold: the reason and since when, erasure disabled and why, "Retirar retenção legal"', async () => {
    routes(privacy({ legalHoldReason: HOLD, legalHoldAt: '2026-11-21T15:00:00Z' }));
    open();
    const { section } = await privacySection();
    expect(within(section).getByTestId('privacy-status')).toHaveTextContent(
      `Exclusão suspensa: ${HOLD} (desde 21/11/2026, 12:00)`,
    );
    const erase = within(section).getByRole('button', { name: 'Anonimizar cliente…' });
    expect(erase).toBeDisabled();
    expect(erase).toHaveAccessibleDescription('Para anonimizar, retire antes a retenção legal.');
    expect(within(section).getByRole('button', { name: 'Retirar retenção legal' })).toBeEnabled();
    expect(within(section).queryByRole('button', { name: 'Registrar retenção legal…' })).not.toBeInTheDocument();
  });

  it('an erased customer: "Anonimizado em …", the report alone; neither "Editar" nor merging', async () => {
    // The server records the address an erasure leaves as an identity: it is not shown.
    const identities = [{ kind: 'bsuid', value: 'anonimizado-7', createdAt: '2026-11-25T13:30:00Z' }];
    routes(privacy({ erasedAt: '2026-11-25T13:30:00Z' }), {
      'GET /api/customers/7': () => json(detail({ ...ERASED, identities })),
    });
    open();
    const drawer = await screen.findByRole('dialog', { name: 'Titular anonimizado' });
    const section = await within(drawer).findByRole('region', { name: 'Privacidade (LGPD)' });
    expect(await within(section).findByTestId('privacy-status')).toHaveTextContent('Anonimizado em 25/11/2026, 10:30');
    expect(
      within(section)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Baixar relatório do titular']);
    // The phone that stands in for the erased one is not shown as a hidden number.
    expect(within(drawer).getByText('Dados removidos (LGPD)')).toBeInTheDocument();
    expect(within(drawer).getByText('Nenhuma identidade informada.')).toBeInTheDocument();
    expect(drawer).not.toHaveTextContent('anonimizado-7');
    expect(within(drawer).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Unir com outro cliente…' })).not.toBeInTheDocument();
  });

  it('lists the consents newest first: the answer, the version, when, and the text folded', async () => {
    routes(
      privacy({
        consents: [
          {
            version: 1,
            text: 'Tratamos seus dados conforme a LGPD.',
            granted: false,
            source: 'bot',
            ticketId: 42,
            answeredAt: '2026-11-20T15:00:00Z',
          },
          {
            version: 2,
            text: 'Tratamos seus dados (nome e mensagens) conforme a LGPD.',
            granted: true,
            source: 'bot',
            ticketId: 43,
            answeredAt: '2026-11-24T10:00:00Z',
          },
        ],
      }),
    );
    open();
    const { section } = await privacySection();
    const answers = within(section).getAllByTestId('customer-consent');
    expect(answers).toHaveLength(2);
    expect(answers[0]).toHaveTextContent('AceitoVersão 2 · 24/11/2026, 07:00 · pelo bot · ver atendimento');
    expect(answers[1]).toHaveTextContent('RecusadoVersão 1 · 20/11/2026, 12:00 · pelo bot');
    expect(within(answers[0]!).getByRole('link', { name: 'ver atendimento' })).toHaveAttribute('href', '/?ticket=43');
    // The text is there, folded under "Texto apresentado".
    const text = within(answers[0]!).getByText('Tratamos seus dados (nome e mensagens) conforme a LGPD.');
    expect(text.closest('details')).not.toHaveAttribute('open');
    await userEvent.setup().click(within(answers[0]!).getByText('Texto apresentado'));
    expect(text.closest('details')).toHaveAttribute('open');
  });

  it('offers no privacy section (and asks nothing) to who may not manage customers', async () => {
    logIn([]);
    const { callsTo } = routes(privacy());
    open();
    const drawer = await screen.findByRole('dialog', { name: 'Carla Dias' });
    expect(await within(drawer).findByRole('heading', { name: 'Identidades' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('region', { name: 'Privacidade (LGPD)' })).not.toBeInTheDocument();
    expect(callsTo('GET /api/customers/7/privacy')).toHaveLength(0);
  });

  it('downloads the report: the zip under the name the server gives, then a notification', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:relatorio', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { callsTo } = routes(privacy(), {
      'GET /api/customers/7/report': () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="titular-7-20261125.zip"',
          },
        }),
    });
    open();
    const { section } = await privacySection();
    await user.click(within(section).getByRole('button', { name: 'Baixar relatório do titular' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(callsTo('GET /api/customers/7/report')[0]?.headers.get('Accept')).toContain('application/zip');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('titular-7-20261125.zip');
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Relatório do titular: download concluído', message: 'titular-7-20261125.zip' }),
    );
  });

  it('a refused report is said in a notification', async () => {
    const user = userEvent.setup();
    routes(privacy(), {
      'GET /api/customers/7/report': () =>
        json({ code: 'customer_not_found', message: 'Cliente não encontrado.' }, 404),
    });
    open();
    const { section } = await privacySection();
    await user.click(within(section).getByRole('button', { name: 'Baixar relatório do titular' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          title: 'Relatório do titular: não foi possível baixar',
          message: 'Cliente não encontrado.',
        }),
      ),
    );
  });

  it('sets a legal hold: the reason is required, sent as `{reason}`, and the panel shows it', async () => {
    const user = userEvent.setup();
    let current = privacy();
    const { callsTo } = routes(() => json(current), {
      'PUT /api/customers/7/legal-hold': [
        () =>
          json(
            {
              code: 'invalid_legal_hold',
              message: 'O motivo tem no máximo 500 caracteres.',
              errors: [{ field: 'reason', message: 'O motivo tem no máximo 500 caracteres.' }],
            },
            422,
          ),
        () => {
          current = privacy({ legalHoldReason: HOLD, legalHoldAt: '2026-11-25T13:00:00Z' });
          return json({ customerId: 7, legalHoldReason: HOLD, legalHoldAt: '2026-11-25T13:00:00Z', erasedAt: null });
        },
      ],
    });
    open();
    const { section } = await privacySection();
    await user.click(within(section).getByRole('button', { name: 'Registrar retenção legal…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar retenção legal' });
    const reason = within(dialog).getByRole('textbox', { name: /^Motivo/ });

    // Empty: said under the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Registrar retenção' }));
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Informe o motivo da retenção.'));
    expect(callsTo('PUT /api/customers/7/legal-hold')).toHaveLength(0);

    // The server's refusal, under the field.
    await user.type(reason, `  ${HOLD}  `);
    await user.click(within(dialog).getByRole('button', { name: 'Registrar retenção' }));
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription(expect.stringContaining('O motivo tem no máximo 500 caracteres.')),
    );
    expect(reason).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Registrar retenção' }));
    await waitFor(() => expect(callsTo('PUT /api/customers/7/legal-hold')).toHaveLength(2));
    expect(callsTo('PUT /api/customers/7/legal-hold')[1]?.body).toEqual({ reason: HOLD });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Registrar retenção legal' })).not.toBeInTheDocument(),
    );
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Retenção legal registrada' }));
    await waitFor(() =>
      expect(within(section).getByTestId('privacy-status')).toHaveTextContent(
        `Exclusão suspensa: ${HOLD} (desde 25/11/2026, 10:00)`,
      ),
    );
    expect(within(section).getByRole('button', { name: 'Anonimizar cliente…' })).toBeDisabled();
  });

  it('lifts the hold after confirming: `{reason: null}`', async () => {
    const user = userEvent.setup();
    let current = privacy({ legalHoldReason: HOLD, legalHoldAt: '2026-11-21T15:00:00Z' });
    const { callsTo } = routes(() => json(current), {
      'PUT /api/customers/7/legal-hold': () => {
        current = privacy();
        return json({ customerId: 7, legalHoldReason: null, legalHoldAt: null, erasedAt: null });
      },
    });
    open();
    const { section } = await privacySection();
    await user.click(within(section).getByRole('button', { name: 'Retirar retenção legal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirar retenção legal' });
    expect(dialog).toHaveTextContent(`Motivo registrado: ${HOLD}`);
    await user.click(within(dialog).getByRole('button', { name: 'Retirar retenção' }));
    await waitFor(() => expect(callsTo('PUT /api/customers/7/legal-hold')[0]?.body).toEqual({ reason: null }));
    await waitFor(() => expect(within(section).getByTestId('privacy-status')).toHaveTextContent('Sem retenção legal'));
    expect(within(section).getByRole('button', { name: 'Anonimizar cliente…' })).toBeEnabled();
  });

  it('erases: "Anonimizar" waits for the exact name, sends `{confirmation}`, and counts what left', async () => {
    const user = userEvent.setup();
    let erased = false;
    const { callsTo } = routes(() => json(erased ? privacy({ erasedAt: '2026-11-25T13:30:00Z' }) : privacy()), {
      'GET /api/customers': () => json(page(erased ? [ERASED, ...CUSTOMERS.slice(1)] : CUSTOMERS)),
      'GET /api/customers/7': () => json(detail(erased ? ERASED : {})),
      'POST /api/customers/7/erase': () => {
        erased = true;
        return json({ customer: ERASED, messages: 12, tickets: 2, webhookDeliveries: 3, mediaFiles: 1 });
      },
    });
    open();
    const { section, drawer } = await privacySection();
    await user.click(within(section).getByRole('button', { name: 'Anonimizar cliente…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anonimizar cliente' });
    // What leaves and what stays.
    expect(within(dialog).getByRole('region', { name: 'Sai' })).toHaveTextContent('Nome, telefone, e-mail');
    expect(within(dialog).getByRole('region', { name: 'Fica' })).toHaveTextContent('“Titular anonimizado”');
    expect(dialog).toHaveTextContent('Não pode ser desfeito.');

    const field = within(dialog).getByRole('textbox', { name: 'Digite o nome do cliente para confirmar' });
    expect(field).toHaveAccessibleDescription('Exatamente: Carla Dias');
    const submit = within(dialog).getByRole('button', { name: 'Anonimizar cliente' });
    expect(submit).toBeDisabled();
    await user.type(field, 'carla dias');
    expect(submit).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'Carla Dia');
    expect(submit).toBeDisabled();
    await user.type(field, 's');
    expect(submit).toBeEnabled();
    await user.click(submit);

    await waitFor(() => expect(callsTo('POST /api/customers/7/erase')).toHaveLength(1));
    expect(callsTo('POST /api/customers/7/erase')[0]?.body).toEqual({ confirmation: 'Carla Dias' });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Cliente anonimizado: 12 mensagens, 1 arquivo removido.' }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Anonimizar cliente' })).not.toBeInTheDocument());
    // The drawer and the list say who the customer is now.
    expect(await screen.findByRole('dialog', { name: 'Titular anonimizado' })).toBe(drawer);
    expect(await within(section).findByText(/Anonimizado em/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('customer-row-7')).toHaveTextContent('Titular anonimizado'), {
      timeout: 4000,
    });
  });

  it('erasure refused by a legal hold set meanwhile: the reason, in the dialog, which stays open', async () => {
    const user = userEvent.setup();
    let held = false;
    const { callsTo } = routes(
      () => json(held ? privacy({ legalHoldReason: HOLD, legalHoldAt: '2026-11-25T13:00:00Z' }) : privacy()),
      {
        'POST /api/customers/7/erase': () => {
          held = true;
          return json({ code: 'legal_hold', message: `A exclusão está suspensa por retenção legal: ${HOLD}` }, 409);
        },
      },
    );
    open();
    const { section } = await privacySection();
    await user.click(within(section).getByRole('button', { name: 'Anonimizar cliente…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anonimizar cliente' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Digite o nome do cliente para confirmar' }),
      'Carla Dias',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Anonimizar cliente' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `A exclusão está suspensa por retenção legal: ${HOLD}`,
    );
    expect(callsTo('POST /api/customers/7/erase')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Anonimizar cliente' })).toBeInTheDocument();
    expect(notifications.show).not.toHaveBeenCalled();
    // Behind it, the panel read the hold again.
    await waitFor(() =>
      expect(within(section).getByTestId('privacy-status')).toHaveTextContent(`Exclusão suspensa: ${HOLD}`),
    );
  });

  it("a name that is no longer the customer's: the server's refusal under the field", async () => {
    const user = userEvent.setup();
    routes(privacy(), {
      'POST /api/customers/7/erase': () =>
        json(
          {
            code: 'confirmation_mismatch',
            message: 'Digite o nome do cliente para confirmar.',
            errors: [{ field: 'confirmation', message: 'Digite o nome do cliente para confirmar.' }],
          },
          422,
        ),
    });
    open();
    const { section } = await privacySection();
    await user.click(within(section).getByRole('button', { name: 'Anonimizar cliente…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anonimizar cliente' });
    const field = within(dialog).getByRole('textbox', { name: 'Digite o nome do cliente para confirmar' });
    await user.type(field, 'Carla Dias');
    await user.click(within(dialog).getByRole('button', { name: 'Anonimizar cliente' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Digite o nome do cliente para confirmar.'));
    expect(field).toHaveFocus();
  });

  it('"Editar" changes the name and e-mail: `{name, email}`, the 422 under its field', async () => {
    const user = userEvent.setup();
    const { callsTo } = routes(privacy(), {
      'PUT /api/customers/7': [
        () =>
          json(
            {
              code: 'invalid_customer',
              message: 'Informe um e-mail válido, como nome@empresa.com.br.',
              errors: [{ field: 'email', message: 'Informe um e-mail válido, como nome@empresa.com.br.' }],
            },
            422,
          ),
        () => json(customer({ name: 'Carla Dias Souza', email: 'carla.souza@email.example' })),
      ],
    });
    open();
    const { drawer } = await privacySection();
    await user.click(within(drawer).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar cliente' });
    const name = within(dialog).getByRole('textbox', { name: /^Nome/ });
    const email = within(dialog).getByRole('textbox', { name: /^Email/ });
    expect(name).toHaveValue('Carla Dias');
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await user.type(name, ' Souza');
    await user.clear(email);
    await user.type(email, 'carla@');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveFocus();
    expect(callsTo('PUT /api/customers/7')[0]?.body).toEqual({ name: 'Carla Dias Souza', email: 'carla@' });

    await user.clear(email);
    await user.type(email, 'carla.souza@email.example');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar cliente' })).not.toBeInTheDocument());
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Cliente atualizado.' }));
    expect(await screen.findByRole('dialog', { name: 'Carla Dias Souza' })).toBe(drawer);
    expect(within(drawer).getByText('carla.souza@email.example')).toBeInTheDocument();
  });
});
