import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { auditEntry, auditPage, FILTER_OPTIONS, TOKEN_ENTRY } from '../test-data';
import { AuditScreen } from './AuditScreen';

function open(path = '/audit') {
  return renderRoutes([{ path: '/audit', element: <AuditScreen /> }], path);
}

/** The desktop table's rows (the phone's cards render too in jsdom: CSS picks one). */
function rows(): Promise<HTMLElement[]> {
  return screen.findAllByTestId('audit-row');
}

function rowOf(id: number): HTMLElement {
  const found = screen.getAllByTestId('audit-row').find((row) => row.dataset.entryId === String(id));
  if (!found) throw new Error(`no row ${id}`);
  return found;
}

/** The filters of a `GET /api/audit` call, as sent. */
function sent(call: RecordedCall | undefined): Record<string, string> {
  return Object.fromEntries(call?.query ?? []);
}

const XLSX = () =>
  new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': 'attachment; filename="auditoria-2026-12-06.xlsx"',
    },
  });

describe('AuditScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['users']);
  });

  it('lists the entries newest first: when, who (a token’s marked), what and the request, where, origin', async () => {
    stubFetch({
      'GET /api/audit/filters': () => json(FILTER_OPTIONS),
      'GET /api/audit': () => json(auditPage([auditEntry(), TOKEN_ENTRY])),
    });
    open();
    expect(await rows()).toHaveLength(2);
    const table = screen.getByRole('table', { name: 'Registros de auditoria' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Quando', 'Quem', 'Ação', 'Onde', 'Origem']);

    const person = rowOf(120);
    const cells = within(person).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('06/12/2026 13:05');
    expect(within(cells[0] as HTMLElement).getByText('06/12/2026 13:05')).toHaveAttribute(
      'datetime',
      '2026-12-06T16:05:00Z',
    );
    expect(cells[1]).toHaveTextContent('Ana Souza');
    expect(within(person).queryByText('Token de API')).not.toBeInTheDocument();
    expect(cells[2]).toHaveTextContent('Cria um usuário');
    expect(within(cells[2] as HTMLElement).getByText('POST /api/users')).toBeInTheDocument();
    expect(cells[3]).toHaveTextContent('203.0.113.9');
    expect(cells[4]).toHaveTextContent('Sessão');

    const token = rowOf(119);
    const tokenCells = within(token).getAllByRole('cell');
    expect(tokenCells[1]).toHaveTextContent('ERP Bling');
    expect(within(tokenCells[1] as HTMLElement).getByText('Token de API')).toBeInTheDocument();
    expect(tokenCells[2]).toHaveTextContent('Cria uma etiqueta');
    expect(tokenCells[3]).toHaveTextContent('—');
    expect(tokenCells[4]).toHaveTextContent('Token de API');

    // The phone's cards say the same.
    const cards = screen.getAllByTestId('audit-card');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent('Quem: ERP Bling Token de API');
    expect(cards[1]).toHaveTextContent('Origem: Token de API');
    expect(screen.getByText('2 registros mostrados')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('writes the chosen filters to the URL and asks the server with them', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/audit/filters': () => json(FILTER_OPTIONS),
      'GET /api/audit': () => json(auditPage([auditEntry()])),
    });
    const { router } = open();
    await rows();
    expect(sent(callsTo('GET /api/audit')[0])).toEqual({});

    await user.click(screen.getByRole('combobox', { name: 'Pessoa ou integração' }));
    await user.click(await screen.findByRole('option', { name: 'ERP Bling (integração)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?userId=40'));
    await waitFor(() => expect(sent(callsTo('GET /api/audit').at(-1))).toEqual({ userId: '40' }));

    // The operations, grouped by area.
    await user.click(screen.getByRole('combobox', { name: 'Ação' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Usuários')).toBeInTheDocument();
    expect(within(listbox).getByText('Etiquetas')).toBeInTheDocument();
    await user.click(within(listbox).getByRole('option', { name: 'Cria um usuário' }));
    await waitFor(() => expect(router.state.location.search).toBe('?userId=40&action=users_create'));
    await waitFor(() =>
      expect(sent(callsTo('GET /api/audit').at(-1))).toEqual({ userId: '40', action: 'users_create' }),
    );
    expect(screen.getByRole('combobox', { name: 'Ação' })).toHaveValue('Cria um usuário');
  });

  it('reads the filters from the URL, and the period from one calendar: first day, then last', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/audit/filters': () => json(FILTER_OPTIONS),
      'GET /api/audit': () => json(auditPage([auditEntry()])),
    });
    const { router } = open('/audit?userId=7&from=2026-11-02&to=2026-11-03');
    await rows();
    expect(sent(callsTo('GET /api/audit')[0])).toEqual({ userId: '7', from: '2026-11-02', to: '2026-11-03' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Pessoa ou integração' })).toHaveValue('Ana Souza'),
    );
    const period = screen.getByRole('button', { name: 'Período' });
    expect(period).toHaveTextContent('02/11/2026 – 03/11/2026');

    await user.click(period);
    // The calendar is a dialog named by the field.
    const calendar = await screen.findByRole('dialog', { name: 'Período' });
    await user.click(within(calendar).getByRole('button', { name: '10 novembro 2026' }));
    // Half a period changes nothing yet.
    expect(router.state.location.search).toBe('?userId=7&from=2026-11-02&to=2026-11-03');
    await user.click(screen.getByRole('button', { name: '12 novembro 2026' }));
    await waitFor(() => expect(router.state.location.search).toBe('?userId=7&from=2026-11-10&to=2026-11-12'));
    await waitFor(() =>
      expect(sent(callsTo('GET /api/audit').at(-1))).toEqual({ userId: '7', from: '2026-11-10', to: '2026-11-12' }),
    );

    // "Limpar filtros" takes them all out.
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(sent(callsTo('GET /api/audit').at(-1))).toEqual({}));
  });

  it('"Carregar mais" asks for the entries before the last one, while the server has more', async () => {
    const user = userEvent.setup();
    const older = auditEntry({ id: 70, label: 'Altera um usuário', action: 'users_update', method: 'PUT' });
    const { callsTo } = stubFetch({
      'GET /api/audit/filters': () => json(FILTER_OPTIONS),
      'GET /api/audit': (call) =>
        json(call.query.get('before') === '119' ? auditPage([older]) : auditPage([auditEntry(), TOKEN_ENTRY], 119)),
    });
    open('/audit?action=users_create');
    expect(await rows()).toHaveLength(2);
    expect(screen.getByText('2 registros mostrados · há mais')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(3));
    expect(sent(callsTo('GET /api/audit')[1])).toEqual({ action: 'users_create', before: '119' });
    expect(rowOf(70)).toHaveTextContent('Altera um usuário');
    expect(screen.getByText('3 registros mostrados')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('says when nothing matches the filters', async () => {
    stubFetch({
      'GET /api/audit/filters': () => json(FILTER_OPTIONS),
      'GET /api/audit': () => json(auditPage([])),
    });
    open('/audit?action=sheets_download');
    expect(await screen.findByText('Nenhum registro para estes filtros.')).toBeInTheDocument();
    expect(screen.queryByTestId('audit-row')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of the period next to the period field', async () => {
    stubFetch({
      'GET /api/audit/filters': () => json(FILTER_OPTIONS),
      'GET /api/audit': () =>
        json(
          {
            code: 'invalid_audit_filter',
            message: 'A data inicial é posterior à final.',
            errors: [{ field: 'from', message: 'A data inicial é posterior à final.' }],
          },
          422,
        ),
    });
    open('/audit?from=2026-12-06&to=2026-12-01');
    const period = screen.getByRole('button', { name: 'Período' });
    await waitFor(() => expect(period).toHaveAccessibleDescription('A data inicial é posterior à final.'));
    expect(period).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Corrija os filtros para ver os registros.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar planilha' })).toBeDisabled();
  });

  it('says when the log cannot be loaded', async () => {
    stubFetch({
      'GET /api/audit/filters': () => json(FILTER_OPTIONS),
      'GET /api/audit': () => json({ code: 'internal', message: 'Erro interno.' }, 500),
    });
    open();
    expect(await screen.findByText('Não foi possível carregar a auditoria.')).toBeInTheDocument();
    expect(screen.getByText('Erro interno.')).toBeInTheDocument();
  });

  it('"Exportar planilha" downloads the sheet of the current filters', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:planilha', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { callsTo } = stubFetch({
      'GET /api/audit/filters': () => json(FILTER_OPTIONS),
      'GET /api/audit': () => json(auditPage([auditEntry()])),
      'GET /api/audit/sheet': XLSX,
    });
    open('/audit?userId=7&action=users_create&from=2026-12-01&to=2026-12-06');
    await rows();
    await user.click(screen.getByRole('button', { name: 'Exportar planilha' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(sent(callsTo('GET /api/audit/sheet')[0])).toEqual({
      userId: '7',
      action: 'users_create',
      from: '2026-12-01',
      to: '2026-12-06',
    });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('auditoria-2026-12-06.xlsx');
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Planilha de auditoria: download concluído' }),
    );
  });
});
