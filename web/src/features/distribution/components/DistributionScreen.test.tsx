import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../theme';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { Agent, DistributionOverview, Policy } from '../api/get-distribution';
import { DISTRIBUTION_REFRESH_DEBOUNCE_MS, scheduleDistributionRefresh } from '../realtime';
import { DistributionScreen } from './DistributionScreen';

const NONE: Policy = {
  departmentId: null,
  departmentName: null,
  activated: true,
  strategy: 'manual',
  capacity: 5,
  offerSeconds: null,
};
const FINANCEIRO: Policy = {
  departmentId: 3,
  departmentName: 'Financeiro',
  activated: true,
  strategy: 'balanced',
  capacity: 4,
  offerSeconds: 90,
};
const ANTIGO: Policy = {
  departmentId: 9,
  departmentName: 'Pós-venda antigo',
  activated: false,
  strategy: 'round_robin',
  capacity: 2,
  offerSeconds: null,
};
const ANA: Agent = {
  userId: 7,
  name: 'Ana Souza',
  departmentId: 3,
  capacity: null,
  effectiveCapacity: 4,
  openTickets: 2,
  status: 'online',
};
const BETO: Agent = {
  userId: 8,
  name: 'Beto Lima',
  departmentId: null,
  capacity: 3,
  effectiveCapacity: 3,
  openTickets: 3,
  status: 'ausente',
};
const CAIO: Agent = {
  userId: 9,
  name: 'Caio Reis',
  departmentId: null,
  capacity: null,
  effectiveCapacity: 5,
  openTickets: 0,
  status: 'offline',
};

function overview(extra: Partial<DistributionOverview> = {}): DistributionOverview {
  return { policies: [NONE, FINANCEIRO, ANTIGO], agents: [ANA, BETO, CAIO], ...extra };
}

/** The desktop table's row of a policy (`none`: the tickets without a department). */
function policyRow(key: string): HTMLElement {
  return screen.getByTestId(`policy-row-${key}`);
}

function agentRow(id: number): HTMLElement {
  return screen.getByTestId(`agent-row-${id}`);
}

describe('DistributionScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['users']);
  });

  it('lists the policies (Sem departamento first, Inativo marked) and the people with status, load and capacity', async () => {
    stubFetch({ 'GET /api/distribution': () => json(overview()) });
    renderWithProviders(<DistributionScreen />);
    await screen.findByTestId('policy-row-none');
    expect(
      screen.getByRole('heading', { name: 'Como os atendimentos são distribuídos', level: 2 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/só entregam um atendimento a quem está Disponível \(não Ausente\)/)).toBeInTheDocument();
    expect(
      screen.getAllByTestId(/^policy-row-/).map((row) => within(row).getAllByRole('cell')[0]?.textContent),
    ).toEqual(['Sem departamento', 'Financeiro', 'Pós-venda antigoInativo']);
    expect(within(policyRow('none')).getByRole('combobox', { name: 'Estratégia de Sem departamento' })).toHaveValue(
      'Manual — a fila, quem pegar primeiro',
    );
    expect(within(policyRow('3')).getByRole('combobox', { name: 'Estratégia de Financeiro' })).toHaveValue(
      'Equilibrada — quem tem menos atendimentos',
    );
    expect(within(policyRow('9')).getByRole('combobox', { name: 'Estratégia de Pós-venda antigo' })).toHaveValue(
      'Rodízio — quem recebeu há mais tempo',
    );
    expect(within(policyRow('3')).getByRole('textbox', { name: 'Capacidade por pessoa de Financeiro' })).toHaveValue(
      '4',
    );
    // Nothing changed yet: nothing to save.
    expect(within(policyRow('none')).getByRole('button', { name: 'Salvar Sem departamento' })).toBeDisabled();

    const ana = agentRow(7);
    expect(within(ana).getByText('Ana Souza')).toBeInTheDocument();
    expect(within(ana).getByText('Financeiro')).toBeInTheDocument();
    expect(within(ana).getByText('Disponível')).toBeInTheDocument();
    expect(within(ana).getByText('2 de 4 atendimentos')).toBeInTheDocument();
    expect(within(ana).getByRole('progressbar', { name: 'Atendimentos de Ana Souza: 2 de 4' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(ana).queryByText('Lotado')).not.toBeInTheDocument();
    // No capacity of her own: the field is empty and says whose applies.
    const anaCapacity = within(ana).getByRole('textbox', { name: 'Capacidade própria de Ana Souza' });
    expect(anaCapacity).toHaveValue('');
    expect(anaCapacity).toHaveAttribute('placeholder', 'Do departamento (4)');
    expect(within(ana).queryByRole('button', { name: 'Usar a do departamento' })).not.toBeInTheDocument();

    const beto = agentRow(8);
    expect(within(beto).getByText('Ausente')).toBeInTheDocument();
    expect(within(beto).getByText('Sem departamento')).toBeInTheDocument();
    // Full: highlighted in words, not only by the bar's colour.
    expect(within(beto).getByText('3 de 3 atendimentos')).toBeInTheDocument();
    expect(within(beto).getByText('Lotado')).toBeInTheDocument();
    expect(within(beto).getByRole('textbox', { name: 'Capacidade própria de Beto Lima' })).toHaveValue('3');
    expect(within(beto).getByRole('button', { name: 'Usar a do departamento' })).toBeInTheDocument();
    expect(within(agentRow(9)).getByText('Offline')).toBeInTheDocument();
    expect(within(agentRow(9)).getByText('0 de 5 atendimentos')).toBeInTheDocument();

    // The phone's cards hold the same.
    const card = screen.getByTestId('agent-card-8');
    expect(within(card).getByText('3 de 3 atendimentos')).toBeInTheDocument();
    expect(within(screen.getByTestId('policy-card-9')).getByText('Inativo')).toBeInTheDocument();
    // The phone offers the strategies in full, as a choice (no truncated select).
    const phone = screen.getByTestId('policy-card-3');
    expect(within(phone).getByRole('radio', { name: /^Equilibrada/ })).toBeChecked();
    expect(within(phone).getByText('quem tem menos atendimentos')).toBeInTheDocument();
  });

  it('saves a row: the strategy and capacity chosen, for its department (null: without one)', async () => {
    const user = userEvent.setup();
    let policies = [NONE, FINANCEIRO, ANTIGO];
    const { callsTo } = stubFetch({
      'GET /api/distribution': () => json(overview({ policies })),
      'PUT /api/distribution/policies': (call: RecordedCall) => {
        const body = call.body as Policy;
        policies = policies.map((policy) =>
          policy.departmentId === body.departmentId ? { ...policy, ...body } : policy,
        );
        return json(policies.find((policy) => policy.departmentId === body.departmentId));
      },
    });
    renderWithProviders(<DistributionScreen />);
    const row = await screen.findByTestId('policy-row-none');
    await user.click(within(row).getByRole('combobox', { name: 'Estratégia de Sem departamento' }));
    await user.click(await screen.findByRole('option', { name: 'Equilibrada — quem tem menos atendimentos' }));
    const capacity = within(row).getByRole('textbox', { name: 'Capacidade por pessoa de Sem departamento' });
    await user.clear(capacity);
    await user.type(capacity, '1');
    const save = within(row).getByRole('button', { name: 'Salvar Sem departamento' });
    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => expect(callsTo('PUT /api/distribution/policies')).toHaveLength(1));
    // The offer was left off: given directly (null).
    expect(callsTo('PUT /api/distribution/policies')[0]?.body).toEqual({
      departmentId: null,
      strategy: 'balanced',
      capacity: 1,
      offerSeconds: null,
    });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Distribuição salva',
        message: 'Sem departamento: Equilibrada, até 1 atendimento por pessoa.',
      }),
    );
    // Read again: the row shows what the server keeps, with nothing left to save.
    await waitFor(() => expect(callsTo('GET /api/distribution')).toHaveLength(2));
    await waitFor(() => expect(within(policyRow('none')).getByRole('button', { name: /^Salvar/ })).toBeDisabled());
    expect(within(policyRow('none')).getByRole('combobox', { name: /^Estratégia/ })).toHaveValue(
      'Equilibrada — quem tem menos atendimentos',
    );

    // On the phone's card, the choice is a radio.
    const card = screen.getByTestId('policy-card-9');
    await user.click(within(card).getByRole('radio', { name: /^Manual/ }));
    await user.click(within(card).getByRole('button', { name: 'Salvar Pós-venda antigo' }));
    await waitFor(() =>
      expect(callsTo('PUT /api/distribution/policies')[1]?.body).toEqual({
        departmentId: 9,
        strategy: 'manual',
        capacity: 2,
        offerSeconds: null,
      }),
    );

    // A department's row sends its id, and keeps its offer time.
    const financeiro = policyRow('3');
    const field = within(financeiro).getByRole('textbox', { name: 'Capacidade por pessoa de Financeiro' });
    await user.clear(field);
    await user.type(field, '6');
    await user.click(within(financeiro).getByRole('button', { name: 'Salvar Financeiro' }));
    await waitFor(() =>
      expect(callsTo('PUT /api/distribution/policies')[2]?.body).toEqual({
        departmentId: 3,
        strategy: 'balanced',
        capacity: 6,
        offerSeconds: 90,
      }),
    );
  });

  it('shows the server’s 422 under the field it names, and checks 1–50 before sending', async () => {
    const user = userEvent.setup();
    const MESSAGE = 'Capacidade inválida: de 1 a 50 atendimentos.';
    const { callsTo } = stubFetch({
      'GET /api/distribution': () => json(overview()),
      'PUT /api/distribution/policies': [
        () =>
          json({ code: 'invalid_capacity', message: MESSAGE, errors: [{ field: 'capacity', message: MESSAGE }] }, 422),
        // The same refusal without its field list: placed by its code.
        () =>
          json({ code: 'invalid_strategy', message: 'Estratégia inválida: use manual, round_robin ou balanced.' }, 422),
      ],
    });
    renderWithProviders(<DistributionScreen />);
    const row = await screen.findByTestId('policy-row-3');
    const capacity = within(row).getByRole('textbox', { name: 'Capacidade por pessoa de Financeiro' });

    // Out of range: refused here, nothing sent.
    await user.clear(capacity);
    await user.type(capacity, '80');
    await user.click(within(row).getByRole('button', { name: 'Salvar Financeiro' }));
    expect(await within(row).findByText(MESSAGE)).toBeInTheDocument();
    expect(callsTo('PUT /api/distribution/policies')).toHaveLength(0);

    await user.clear(capacity);
    await user.type(capacity, '12');
    // Typing clears the error.
    expect(within(row).queryByText(MESSAGE)).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Salvar Financeiro' }));
    expect(await within(row).findByText(MESSAGE)).toBeInTheDocument();
    expect(capacity).toHaveAttribute('aria-invalid', 'true');
    expect(capacity).toHaveValue('12');
    expect(callsTo('PUT /api/distribution/policies')[0]?.body).toEqual({
      departmentId: 3,
      strategy: 'balanced',
      capacity: 12,
      offerSeconds: 90,
    });
    expect(notifications.show).not.toHaveBeenCalledWith(expect.objectContaining({ color: 'red' }));

    await user.click(within(row).getByRole('button', { name: 'Salvar Financeiro' }));
    expect(
      await within(row).findByText('Estratégia inválida: use manual, round_robin ou balanced.'),
    ).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'Estratégia de Financeiro' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('"Oferecer antes de atribuir": a switch and the seconds (60 at first) on automatic strategies only', async () => {
    const user = userEvent.setup();
    let policies = [NONE, FINANCEIRO, ANTIGO];
    const { callsTo } = stubFetch({
      'GET /api/distribution': () => json(overview({ policies })),
      'PUT /api/distribution/policies': (call: RecordedCall) => {
        const body = call.body as Policy;
        policies = policies.map((policy) =>
          policy.departmentId === body.departmentId ? { ...policy, ...body } : policy,
        );
        return json(policies.find((policy) => policy.departmentId === body.departmentId));
      },
    });
    renderWithProviders(<DistributionScreen />);
    const financeiro = await screen.findByTestId('policy-row-3');
    // Under the strategy, no column of its own.
    expect(screen.queryByRole('columnheader', { name: /Oferecer/ })).not.toBeInTheDocument();
    // Offered for 90 s.
    expect(within(financeiro).getByRole('switch', { name: 'Oferecer antes de atribuir em Financeiro' })).toBeChecked();
    expect(
      within(financeiro).getByRole('textbox', { name: 'Segundos para aceitar a oferta em Financeiro' }),
    ).toHaveValue('90 s');
    // The queue offers nothing: no switch.
    expect(within(policyRow('none')).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(policyRow('none')).queryByText('Oferecer antes de atribuir')).not.toBeInTheDocument();
    // Given directly: the switch off, no seconds.
    const antigo = policyRow('9');
    const toggle = within(antigo).getByRole('switch', { name: 'Oferecer antes de atribuir em Pós-venda antigo' });
    expect(toggle).not.toBeChecked();
    expect(within(antigo).queryByRole('textbox', { name: /^Segundos/ })).not.toBeInTheDocument();

    // Switched on: 60 s unless changed, saved with the row.
    await user.click(toggle);
    expect(
      within(antigo).getByRole('textbox', { name: 'Segundos para aceitar a oferta em Pós-venda antigo' }),
    ).toHaveValue('60 s');
    await user.click(within(antigo).getByRole('button', { name: 'Salvar Pós-venda antigo' }));
    await waitFor(() =>
      expect(callsTo('PUT /api/distribution/policies')[0]?.body).toEqual({
        departmentId: 9,
        strategy: 'round_robin',
        capacity: 2,
        offerSeconds: 60,
      }),
    );
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Distribuição salva',
        message: 'Pós-venda antigo: Rodízio, até 2 atendimentos por pessoa; quem recebe tem 60 s para aceitar.',
      }),
    );
    await waitFor(() => expect(within(policyRow('9')).getByRole('button', { name: /^Salvar/ })).toBeDisabled());
    expect(within(policyRow('9')).getByRole('switch')).toBeChecked();

    // Switched off: given directly (null).
    await user.click(within(financeiro).getByRole('switch', { name: 'Oferecer antes de atribuir em Financeiro' }));
    expect(within(financeiro).queryByRole('textbox', { name: /^Segundos/ })).not.toBeInTheDocument();
    await user.click(within(financeiro).getByRole('button', { name: 'Salvar Financeiro' }));
    await waitFor(() =>
      expect(callsTo('PUT /api/distribution/policies')[1]?.body).toEqual({
        departmentId: 3,
        strategy: 'balanced',
        capacity: 4,
        offerSeconds: null,
      }),
    );

    // The queue sends null whatever was chosen before.
    await user.click(within(policyRow('9')).getByRole('combobox', { name: 'Estratégia de Pós-venda antigo' }));
    await user.click(await screen.findByRole('option', { name: 'Manual — a fila, quem pegar primeiro' }));
    expect(within(policyRow('9')).queryByRole('switch')).not.toBeInTheDocument();
    await user.click(within(policyRow('9')).getByRole('button', { name: 'Salvar Pós-venda antigo' }));
    await waitFor(() =>
      expect(callsTo('PUT /api/distribution/policies')[2]?.body).toEqual({
        departmentId: 9,
        strategy: 'manual',
        capacity: 2,
        offerSeconds: null,
      }),
    );
  });

  it('the phone’s card: the switch with its words and "Tempo para aceitar" under it', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/distribution': () => json(overview()),
      'PUT /api/distribution/policies': (call: RecordedCall) => json({ ...ANTIGO, ...(call.body as Policy) }),
    });
    renderWithProviders(<DistributionScreen />);
    const card = await screen.findByTestId('policy-card-3');
    expect(within(card).getByRole('switch', { name: /^Oferecer antes de atribuir/ })).toBeChecked();
    expect(within(card).getByText(/tem um tempo para aceitar; sem resposta/)).toBeInTheDocument();
    expect(within(card).getByRole('textbox', { name: 'Tempo para aceitar' })).toHaveValue('90 s');
    expect(within(card).getByText('De 5 a 600 segundos.')).toBeInTheDocument();
    // Manual: nothing about offers on the card.
    expect(within(screen.getByTestId('policy-card-none')).queryByRole('switch')).not.toBeInTheDocument();

    const antigo = screen.getByTestId('policy-card-9');
    await user.click(within(antigo).getByRole('switch', { name: /^Oferecer antes de atribuir/ }));
    const seconds = within(antigo).getByRole('textbox', { name: 'Tempo para aceitar' });
    await user.clear(seconds);
    await user.type(seconds, '120');
    await user.click(within(antigo).getByRole('button', { name: 'Salvar Pós-venda antigo' }));
    await waitFor(() =>
      expect(callsTo('PUT /api/distribution/policies')[0]?.body).toEqual({
        departmentId: 9,
        strategy: 'round_robin',
        capacity: 2,
        offerSeconds: 120,
      }),
    );
  });

  it('the offer time: 5–600 checked before sending, the server’s 422 under the field', async () => {
    const user = userEvent.setup();
    const MESSAGE = 'Tempo da oferta inválido: de 5 a 600 segundos, ou vazio para atribuir direto.';
    const { callsTo } = stubFetch({
      'GET /api/distribution': () => json(overview()),
      'PUT /api/distribution/policies': [
        () =>
          json(
            { code: 'invalid_offer_seconds', message: MESSAGE, errors: [{ field: 'offerSeconds', message: MESSAGE }] },
            422,
          ),
        // Without its field list: placed by its code.
        () => json({ code: 'invalid_offer_seconds', message: MESSAGE }, 422),
      ],
    });
    renderWithProviders(<DistributionScreen />);
    const row = await screen.findByTestId('policy-row-3');
    const seconds = within(row).getByRole('textbox', { name: 'Segundos para aceitar a oferta em Financeiro' });
    const save = within(row).getByRole('button', { name: 'Salvar Financeiro' });

    for (const typed of ['3', '601']) {
      await user.clear(seconds);
      await user.type(seconds, typed);
      await user.click(save);
      expect(
        await within(row).findByText(
          'Tempo da oferta inválido: de 5 a 600 segundos, ou desligue a oferta para atribuir direto.',
        ),
      ).toBeInTheDocument();
    }
    // Emptied while on: refused too.
    await user.clear(seconds);
    await user.click(save);
    expect(seconds).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('PUT /api/distribution/policies')).toHaveLength(0);

    await user.type(seconds, '30');
    await user.click(save);
    expect(await within(row).findByText(MESSAGE)).toBeInTheDocument();
    expect(seconds).toHaveAttribute('aria-invalid', 'true');
    expect(seconds).toHaveValue('30 s');
    expect(callsTo('PUT /api/distribution/policies')[0]?.body).toEqual({
      departmentId: 3,
      strategy: 'balanced',
      capacity: 4,
      offerSeconds: 30,
    });

    await user.type(seconds, '0');
    expect(within(row).queryByText(MESSAGE)).not.toBeInTheDocument();
    await user.click(save);
    expect(await within(row).findByText(MESSAGE)).toBeInTheDocument();
    expect(notifications.show).not.toHaveBeenCalledWith(expect.objectContaining({ color: 'red' }));
  });

  it('an older server’s policies (no offerSeconds) read as given directly', async () => {
    const older = [NONE, FINANCEIRO, ANTIGO].map((policy) => {
      const { offerSeconds: _dropped, ...rest } = policy;
      return rest;
    });
    stubFetch({ 'GET /api/distribution': () => json({ policies: older, agents: [ANA] }) });
    renderWithProviders(<DistributionScreen />);
    const row = await screen.findByTestId('policy-row-3');
    expect(within(row).getByRole('switch', { name: 'Oferecer antes de atribuir em Financeiro' })).not.toBeChecked();
    expect(within(row).getByRole('button', { name: 'Salvar Financeiro' })).toBeDisabled();
  });

  it('a refusal that names no field (404 department_not_found) is told in a notification', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/distribution': () => json(overview()),
      'PUT /api/distribution/policies': () =>
        json({ code: 'department_not_found', message: 'Departamento não encontrado.' }, 404),
    });
    renderWithProviders(<DistributionScreen />);
    const row = await screen.findByTestId('policy-row-9');
    await user.click(within(row).getByRole('combobox', { name: 'Estratégia de Pós-venda antigo' }));
    await user.click(await screen.findByRole('option', { name: 'Manual — a fila, quem pegar primeiro' }));
    await user.click(within(row).getByRole('button', { name: 'Salvar Pós-venda antigo' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith({
        color: 'red',
        title: 'Não foi possível salvar a distribuição',
        message: 'Departamento não encontrado.',
      }),
    );
  });

  it('a person’s own capacity: saved as a number; "Usar a do departamento" and an emptied field send null', async () => {
    const user = userEvent.setup();
    let agents = [ANA, BETO, CAIO];
    const { callsTo } = stubFetch({
      'GET /api/distribution': () => json(overview({ agents })),
      'PUT /api/distribution/agents/8': (call: RecordedCall) => {
        const { capacity } = call.body as { capacity: number | null };
        agents = agents.map((agent) =>
          agent.userId === 8 ? { ...agent, capacity, effectiveCapacity: capacity ?? 5 } : agent,
        );
        return json(agents.find((agent) => agent.userId === 8));
      },
      'PUT /api/distribution/agents/7': (call: RecordedCall) => {
        const { capacity } = call.body as { capacity: number | null };
        agents = agents.map((agent) =>
          agent.userId === 7 ? { ...agent, capacity, effectiveCapacity: capacity ?? 4 } : agent,
        );
        return json(agents.find((agent) => agent.userId === 7));
      },
    });
    renderWithProviders(<DistributionScreen />);
    await screen.findByTestId('agent-row-8');

    await user.click(within(agentRow(8)).getByRole('button', { name: 'Usar a do departamento' }));
    await waitFor(() => expect(callsTo('PUT /api/distribution/agents/8')).toHaveLength(1));
    expect(callsTo('PUT /api/distribution/agents/8')[0]?.body).toEqual({ capacity: null });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Capacidade salva',
        message: 'Beto Lima volta a seguir a capacidade do departamento (5 atendimentos).',
      }),
    );
    await waitFor(() => expect(within(agentRow(8)).getByText('3 de 5 atendimentos')).toBeInTheDocument());
    expect(within(agentRow(8)).queryByRole('button', { name: 'Usar a do departamento' })).not.toBeInTheDocument();
    expect(within(agentRow(8)).getByRole('textbox', { name: 'Capacidade própria de Beto Lima' })).toHaveValue('');

    // A number of her own, then the field emptied and saved: the department's again.
    const ana = within(agentRow(7)).getByRole('textbox', { name: 'Capacidade própria de Ana Souza' });
    await user.type(ana, '2');
    await user.click(within(agentRow(7)).getByRole('button', { name: 'Salvar a capacidade de Ana Souza' }));
    await waitFor(() => expect(callsTo('PUT /api/distribution/agents/7')[0]?.body).toEqual({ capacity: 2 }));
    await waitFor(() => expect(within(agentRow(7)).getByText('2 de 2 atendimentos')).toBeInTheDocument());
    expect(within(agentRow(7)).getByText('Lotado')).toBeInTheDocument();
    await user.clear(within(agentRow(7)).getByRole('textbox', { name: 'Capacidade própria de Ana Souza' }));
    await user.click(within(agentRow(7)).getByRole('button', { name: 'Salvar a capacidade de Ana Souza' }));
    await waitFor(() => expect(callsTo('PUT /api/distribution/agents/7')[1]?.body).toEqual({ capacity: null }));
  });

  it('says when the screen does not load, with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch({
      'GET /api/distribution': () =>
        fail ? json({ code: 'internal', message: 'Falha no servidor.' }, 400) : json(overview()),
    });
    renderWithProviders(<DistributionScreen />);
    expect(await screen.findByText('Não foi possível carregar a distribuição.')).toBeInTheDocument();
    expect(screen.getByText('Falha no servidor.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('policy-row-none')).toBeInTheDocument();
  });

  it('is read again after a burst of the socket’s ticket and presence events (app/realtime.ts)', async () => {
    let agents = [ANA, BETO, CAIO];
    const { callsTo } = stubFetch({ 'GET /api/distribution': () => json(overview({ agents })) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={client}>
          <DistributionScreen />
        </QueryClientProvider>
      </MantineProvider>,
    );
    await screen.findByTestId('agent-row-7');
    expect(callsTo('GET /api/distribution')).toHaveLength(1);

    // The distribution gave Ana a ticket, then Beto came back: one read for the burst.
    agents = [{ ...ANA, openTickets: 3 }, { ...BETO, status: 'online' }, CAIO];
    scheduleDistributionRefresh(client, 'TicketAssigned');
    scheduleDistributionRefresh(client, 'ChatTicketTransferred');
    scheduleDistributionRefresh(client, 'UserStatusChanged');
    // Not every event: a message's ack changes nothing here.
    scheduleDistributionRefresh(client, 'CustomerChatAckChanged');
    await waitFor(() => expect(within(agentRow(7)).getByText('3 de 4 atendimentos')).toBeInTheDocument(), {
      timeout: DISTRIBUTION_REFRESH_DEBOUNCE_MS + 2000,
    });
    expect(within(agentRow(8)).getByText('Disponível')).toBeInTheDocument();
    expect(callsTo('GET /api/distribution')).toHaveLength(2);
  });
});
