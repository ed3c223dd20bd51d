import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { Calendar, SlaPolicy } from '../api/schemas';
import { ServiceLevelsScreen } from './ServiceLevelsScreen';

const EMPTY: Calendar = { businessHours: [], holidays: [], updatedAt: null };
const WEEK: Calendar = {
  businessHours: [
    { weekday: 1, start: '08:00', end: '12:00' },
    { weekday: 1, start: '13:00', end: '18:00' },
    { weekday: 5, start: '08:00', end: '17:00' },
  ],
  holidays: ['2026-12-25'],
  updatedAt: '2026-12-01T13:00:00Z',
};

const DEFAULT: SlaPolicy = {
  departmentId: null,
  departmentName: null,
  activated: true,
  own: true,
  firstResponseMinutes: 30,
  resolutionMinutes: 480,
  pauseOnCustomer: false,
};
const FINANCEIRO: SlaPolicy = {
  departmentId: 3,
  departmentName: 'Financeiro',
  activated: true,
  own: true,
  firstResponseMinutes: 15,
  resolutionMinutes: null,
  pauseOnCustomer: true,
};
const SUPORTE: SlaPolicy = { ...DEFAULT, departmentId: 5, departmentName: 'Suporte', own: false };

function apis(calendar: Calendar = EMPTY, extra = {}) {
  return stubFetch({
    'GET /api/calendar': () => json(calendar),
    'GET /api/sla': () => json({ policies: [DEFAULT, FINANCEIRO, SUPORTE] }),
    ...extra,
  });
}

function open() {
  return renderRoutes(
    [
      {
        path: '/service-levels',
        element: (
          <>
            <Link to="/outra">Outra tela</Link>
            <ServiceLevelsScreen />
          </>
        ),
      },
      { path: '/outra', element: <p>Outra tela aberta</p> },
    ],
    '/service-levels',
  );
}

/** The desktop table's row of a policy (`default`: the company's). */
function slaRow(key: string): HTMLElement {
  return screen.getByTestId(`sla-row-${key}`);
}

describe('ServiceLevelsScreen: "Horário de atendimento"', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['users']);
  });

  it('an empty calendar says the company is always open and starts from Monday to Friday, 8h to 18h', async () => {
    const user = userEvent.setup();
    // What the server saved (here with a Saturday morning someone else added meanwhile).
    const saved: Calendar = {
      businessHours: [
        ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
        { weekday: 6, start: '09:00', end: '12:00' },
      ],
      holidays: [],
      updatedAt: '2026-12-07T15:00:00Z',
    };
    const { callsTo } = apis(EMPTY, { 'PUT /api/calendar': () => json(saved) });
    open();
    const region = await screen.findByRole('region', { name: 'Horário de atendimento' });
    const empty = within(region).getByTestId('always-open');
    expect(empty).toHaveTextContent('Sem horário definido');
    expect(empty).toHaveTextContent('A empresa é considerada sempre aberta');
    expect(within(region).getByText('Nunca definido')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Salvar horário' })).toBeDisabled();
    expect(within(screen.getByTestId('weekday-1')).getByText('Sem horário')).toBeInTheDocument();

    await user.click(within(empty).getByRole('button', { name: 'Segunda a sexta, 8h às 18h' }));
    expect(screen.queryByTestId('always-open')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Segunda-feira, início do intervalo' })).toHaveValue('08:00');
    expect(screen.getByRole('textbox', { name: 'Sexta-feira, fim do intervalo' })).toHaveValue('18:00');
    expect(within(screen.getByTestId('weekday-0')).getByText('Sem horário')).toBeInTheDocument();
    expect(within(region).getByText('Alterações não salvas')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Salvar horário' }));
    await waitFor(() => expect(callsTo('PUT /api/calendar')).toHaveLength(1));
    expect(callsTo('PUT /api/calendar')[0]?.body).toEqual({
      businessHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
      holidays: [],
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'teal', title: 'Horário de atendimento salvo' }),
      ),
    );
    // The editor starts again from what the server saved.
    expect(await within(region).findByText(/Salvo em 07\/12\/2026/)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Salvar horário' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Segunda-feira, início do intervalo' })).toHaveValue('08:00');
    expect(screen.getByRole('textbox', { name: 'Sábado, fim do intervalo' })).toHaveValue('12:00');
    expect(screen.queryByTestId('always-open')).not.toBeInTheDocument();
  });

  it('edits intervals and holidays, checks them before saving, and sends them sorted', async () => {
    const user = userEvent.setup();
    const { callsTo } = apis(WEEK, { 'PUT /api/calendar': () => json(WEEK) });
    open();
    const region = await screen.findByRole('region', { name: 'Horário de atendimento' });
    expect(within(region).queryByTestId('always-open')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Segunda-feira, início do intervalo 2' })).toHaveValue('13:00');
    expect(screen.getByRole('textbox', { name: 'Feriado 1' })).toHaveValue('25/12/2026');

    // Saturday morning, typed with its end before its start: refused before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Adicionar intervalo em Sábado' }));
    const end = screen.getByRole('textbox', { name: 'Sábado, fim do intervalo' });
    fireEvent.change(end, { target: { value: '07:00' } });
    await user.click(within(region).getByRole('button', { name: 'Salvar horário' }));
    expect(await within(region).findByText('O fim deve ser depois do início.')).toBeInTheDocument();
    expect(callsTo('PUT /api/calendar')).toHaveLength(0);

    fireEvent.change(end, { target: { value: '12:00' } });
    await user.click(screen.getByRole('button', { name: 'Adicionar feriado' }));
    const holiday = screen.getByRole('textbox', { name: 'Feriado 2' });
    fireEvent.change(holiday, { target: { value: '01/01/2027' } });
    fireEvent.blur(holiday);
    await user.click(within(region).getByRole('button', { name: 'Salvar horário' }));
    await waitFor(() => expect(callsTo('PUT /api/calendar')).toHaveLength(1));
    expect(callsTo('PUT /api/calendar')[0]?.body).toEqual({
      businessHours: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '18:00' },
        { weekday: 5, start: '08:00', end: '17:00' },
        { weekday: 6, start: '08:00', end: '12:00' },
      ],
      holidays: ['2026-12-25', '2027-01-01'],
    });
  });

  it('shows the server’s 422 under the fields it names (the rows the sorted indexes came from)', async () => {
    const user = userEvent.setup();
    apis(WEEK, {
      'PUT /api/calendar': () =>
        json(
          {
            code: 'invalid_calendar',
            message: 'Use horários HH:MM, com o fim depois do início.',
            errors: [
              { field: 'businessHours[1].end', message: 'Use horários HH:MM, com o fim depois do início.' },
              { field: 'holidays[0]', message: 'Use datas no formato AAAA-MM-DD.' },
            ],
          },
          422,
        ),
    });
    open();
    const region = await screen.findByRole('region', { name: 'Horário de atendimento' });
    await user.click(screen.getByRole('button', { name: 'Remover o intervalo 08:00–17:00 de Sexta-feira' }));
    await user.click(within(region).getByRole('button', { name: 'Salvar horário' }));
    // The second interval sent: Monday's 13:00–18:00.
    const end = screen.getByRole('textbox', { name: 'Segunda-feira, fim do intervalo 2' });
    await waitFor(() => expect(end).toHaveAttribute('aria-invalid', 'true'));
    expect(within(region).getByText('Use horários HH:MM, com o fim depois do início.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Feriado 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(region).getByText('Use datas no formato AAAA-MM-DD.')).toBeInTheDocument();
    await waitFor(() => expect(end).toHaveFocus());
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', title: 'Não foi possível salvar o horário' }),
    );
  });

  it('asks before leaving with unsaved hours', async () => {
    const user = userEvent.setup();
    apis(WEEK);
    open();
    await screen.findByRole('region', { name: 'Horário de atendimento' });
    await user.click(screen.getByRole('button', { name: 'Adicionar intervalo em Domingo' }));
    await user.click(screen.getByRole('link', { name: 'Outra tela' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sair sem salvar' }));
    expect(await screen.findByText('Outra tela aberta')).toBeInTheDocument();
  });
});

describe('ServiceLevelsScreen: "Metas de atendimento (SLA)"', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['users']);
  });

  it('lists the default, then each department: its targets, "Segue o padrão" or its own, and says how they count', async () => {
    apis();
    open();
    const region = await screen.findByRole('region', { name: 'Metas de atendimento (SLA)' });
    expect(region).toHaveTextContent(
      'Os prazos contam só o tempo em que a empresa está aberta no horário de atendimento acima; um atendimento fica “em risco” ao passar de 80% do prazo e “estourado” ao passar dele.',
    );
    expect(screen.getAllByTestId(/^sla-row-/).map((row) => row.dataset.testid)).toEqual([
      'sla-row-default',
      'sla-row-3',
      'sla-row-5',
    ]);
    const fallback = slaRow('default');
    expect(within(fallback).getByText('Padrão da empresa')).toBeInTheDocument();
    expect(
      within(fallback).getByRole('textbox', { name: 'Horas para primeira resposta em Padrão da empresa' }),
    ).toHaveValue('0');
    expect(
      within(fallback).getByRole('textbox', { name: 'Minutos para primeira resposta em Padrão da empresa' }),
    ).toHaveValue('30');
    expect(within(fallback).getByRole('textbox', { name: 'Horas para resolução em Padrão da empresa' })).toHaveValue(
      '8',
    );
    expect(within(fallback).queryByRole('button', { name: /Voltar ao padrão/ })).not.toBeInTheDocument();

    const own = slaRow('3');
    expect(within(own).getByText('Metas próprias')).toBeInTheDocument();
    // No resolution target: both boxes empty.
    expect(within(own).getByRole('textbox', { name: 'Horas para resolução em Financeiro' })).toHaveValue('');
    expect(within(own).getByRole('switch', { name: 'Pausar enquanto espera o cliente em Financeiro' })).toBeChecked();
    expect(within(own).getByRole('button', { name: 'Voltar ao padrão: Financeiro' })).toBeInTheDocument();

    const follows = slaRow('5');
    expect(within(follows).getByText('Segue o padrão')).toBeInTheDocument();
    expect(within(follows).queryByRole('button', { name: /Voltar ao padrão/ })).not.toBeInTheDocument();
    expect(within(follows).getByRole('button', { name: 'Salvar metas de Suporte' })).toBeDisabled();

    // The phone's cards say the same, each field with its label.
    const card = screen.getByTestId('sla-card-5');
    expect(within(card).getByText('Segue o padrão')).toBeInTheDocument();
    expect(within(card).getByRole('group', { name: 'Primeira resposta' })).toBeInTheDocument();
    expect(within(card).getByRole('switch', { name: /Pausar enquanto espera o cliente/ })).toBeInTheDocument();
  });

  it('saves the default: minutes typed as hours and minutes, an emptied target as null', async () => {
    const user = userEvent.setup();
    const { callsTo } = apis(EMPTY, {
      'PUT /api/sla/policies': () =>
        json({ ...DEFAULT, firstResponseMinutes: 1, resolutionMinutes: null, pauseOnCustomer: true }),
    });
    open();
    await screen.findByRole('region', { name: 'Metas de atendimento (SLA)' });
    const row = slaRow('default');
    const minutes = within(row).getByRole('textbox', { name: 'Minutos para primeira resposta em Padrão da empresa' });
    await user.clear(minutes);
    await user.type(minutes, '1');
    await user.clear(within(row).getByRole('textbox', { name: 'Horas para resolução em Padrão da empresa' }));
    await user.clear(within(row).getByRole('textbox', { name: 'Minutos para resolução em Padrão da empresa' }));
    await user.click(
      within(row).getByRole('switch', { name: 'Pausar enquanto espera o cliente em Padrão da empresa' }),
    );
    await user.click(within(row).getByRole('button', { name: 'Salvar metas de Padrão da empresa' }));
    await waitFor(() => expect(callsTo('PUT /api/sla/policies')).toHaveLength(1));
    expect(callsTo('PUT /api/sla/policies')[0]?.body).toEqual({
      departmentId: null,
      firstResponseMinutes: 1,
      resolutionMinutes: null,
      pauseOnCustomer: true,
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Metas salvas',
          message: 'Padrão da empresa: primeira resposta em 1 min (tempo útil).',
        }),
      ),
    );
    // The list is read again (the departments that follow the default change with it).
    await waitFor(() => expect(callsTo('GET /api/sla').length).toBeGreaterThan(1));
  });

  it('a department that follows the default gets its own targets by saving; 0 and the server’s 422 are refused under the field', async () => {
    const user = userEvent.setup();
    const { callsTo } = apis(EMPTY, {
      'PUT /api/sla/policies': () =>
        json(
          {
            code: 'invalid_sla_minutes',
            message: 'Meta inválida: de 1 a 43200 minutos úteis (30 dias), ou vazia para não ter meta.',
            errors: [
              {
                field: 'resolutionMinutes',
                message: 'Meta inválida: de 1 a 43200 minutos úteis (30 dias), ou vazia para não ter meta.',
              },
            ],
          },
          422,
        ),
    });
    open();
    await screen.findByRole('region', { name: 'Metas de atendimento (SLA)' });
    const row = slaRow('5');
    const hours = within(row).getByRole('textbox', { name: 'Horas para primeira resposta em Suporte' });
    const minutes = within(row).getByRole('textbox', { name: 'Minutos para primeira resposta em Suporte' });
    await user.clear(minutes);
    await user.type(minutes, '0');
    await user.click(within(row).getByRole('button', { name: 'Salvar metas de Suporte' }));
    expect(
      await within(row).findByText('Meta inválida: de 1 a 43.200 minutos úteis (30 dias), ou vazia para não ter meta.'),
    ).toBeInTheDocument();
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('PUT /api/sla/policies')).toHaveLength(0);

    await user.type(hours, '{Backspace}2');
    await user.click(within(row).getByRole('button', { name: 'Salvar metas de Suporte' }));
    await waitFor(() => expect(callsTo('PUT /api/sla/policies')).toHaveLength(1));
    expect(callsTo('PUT /api/sla/policies')[0]?.body).toEqual({
      departmentId: 5,
      firstResponseMinutes: 120,
      resolutionMinutes: 480,
      pauseOnCustomer: false,
    });
    expect(
      await within(row).findByText('Meta inválida: de 1 a 43200 minutos úteis (30 dias), ou vazia para não ter meta.'),
    ).toBeInTheDocument();
    expect(within(row).getByRole('textbox', { name: 'Horas para resolução em Suporte' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('"Voltar ao padrão": the department follows the default again (DELETE)', async () => {
    const user = userEvent.setup();
    let own = true;
    const { callsTo } = stubFetch({
      'GET /api/calendar': () => json(EMPTY),
      'GET /api/sla': () =>
        json({
          policies: [
            DEFAULT,
            own ? FINANCEIRO : { ...DEFAULT, departmentId: 3, departmentName: 'Financeiro', own: false },
            SUPORTE,
          ],
        }),
      'DELETE /api/sla/policies/3': () => {
        own = false;
        return new Response(null, { status: 204 });
      },
    });
    open();
    await screen.findByRole('region', { name: 'Metas de atendimento (SLA)' });
    await user.click(within(slaRow('3')).getByRole('button', { name: 'Voltar ao padrão: Financeiro' }));
    await waitFor(() => expect(callsTo('DELETE /api/sla/policies/3')).toHaveLength(1));
    expect(await within(slaRow('3')).findByText('Segue o padrão')).toBeInTheDocument();
    expect(
      within(slaRow('3')).getByRole('textbox', { name: 'Minutos para primeira resposta em Financeiro' }),
    ).toHaveValue('30');
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'De volta ao padrão',
        message: 'Financeiro segue o padrão da empresa: primeira resposta 30 min, resolução 8 h.',
      }),
    );
  });

  it('a refusal that names no field (404 department_not_found) is told in a notification', async () => {
    const user = userEvent.setup();
    apis(EMPTY, {
      'PUT /api/sla/policies': () =>
        json({ code: 'department_not_found', message: 'Departamento não encontrado.', errors: [] }, 404),
    });
    open();
    await screen.findByRole('region', { name: 'Metas de atendimento (SLA)' });
    const row = slaRow('3');
    await user.click(within(row).getByRole('switch', { name: 'Pausar enquanto espera o cliente em Financeiro' }));
    await user.click(within(row).getByRole('button', { name: 'Salvar metas de Financeiro' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Não foi possível salvar as metas', message: 'Departamento não encontrado.' }),
      ),
    );
  });
});
