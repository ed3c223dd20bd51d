import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { ClosingReason } from '../api/get-closing-reasons';
import { ClosingReasonsScreen } from './ClosingReasonsScreen';

const REASONS: ClosingReason[] = [
  { id: 1, name: 'Dúvida esclarecida', activated: true },
  { id: 2, name: 'Pedido entregue', activated: true },
  { id: 3, name: 'Spam', activated: false },
];

/** The rows of the desktop table (the phone's cards hold the same reasons). */
function rowNames(): string[] {
  return screen.queryAllByTestId(/^reason-row-/).map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

function rowOf(id: number): HTMLElement {
  return screen.getByTestId(`reason-row-${id}`);
}

describe('ClosingReasonsScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['closing-reasons']);
  });

  it('lists every reason with its status and counts, searched and filtered in the browser', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/closing-reasons': () => json(REASONS) });
    renderWithProviders(<ClosingReasonsScreen />);
    await waitFor(() => expect(rowNames()).toEqual(['Dúvida esclarecida', 'Pedido entregue', 'Spam']));
    expect(screen.getByText('3 motivos: 2 ativos, 1 inativo.')).toBeInTheDocument();
    expect(within(rowOf(1)).getByText('Ativo')).toBeInTheDocument();
    expect(within(rowOf(3)).getByText('Inativo')).toBeInTheDocument();

    await user.click(screen.getByText('Inativos'));
    expect(rowNames()).toEqual(['Spam']);
    await user.click(screen.getByText('Todos'));
    // Accents and case do not matter.
    await user.type(screen.getByRole('textbox', { name: 'Buscar motivos' }), 'duvida');
    expect(rowNames()).toEqual(['Dúvida esclarecida']);
    await user.clear(screen.getByRole('textbox', { name: 'Buscar motivos' }));
    await user.type(screen.getByRole('textbox', { name: 'Buscar motivos' }), 'nada disso');
    expect(screen.getByText('Nenhum motivo encontrado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostrar todos' }));
    expect(rowNames()).toHaveLength(3);
  });

  it('says when there is no reason yet, and when the list does not load (with a retry)', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch({
      'GET /api/closing-reasons': () =>
        fail ? json({ code: 'internal', message: 'Falha no servidor.' }, 400) : json([]),
    });
    renderWithProviders(<ClosingReasonsScreen />);
    expect(await screen.findByText('Não foi possível carregar os motivos de encerramento.')).toBeInTheDocument();
    expect(screen.getByText('Falha no servidor.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhum motivo cadastrado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo motivo' })).toBeInTheDocument();
  });

  it('creates a reason: checks the name, shows the server’s refusal under the field and keeps what was typed', async () => {
    const user = userEvent.setup();
    const reasons = [...REASONS];
    const { callsTo } = stubFetch({
      'GET /api/closing-reasons': () => json(reasons),
      'POST /api/closing-reasons': [
        () =>
          json(
            {
              code: 'name_taken',
              message: 'Já existe um motivo com esse nome.',
              errors: [{ field: 'name', message: 'Já existe um motivo com esse nome.' }],
            },
            422,
          ),
        (call: RecordedCall) => {
          const created = { id: 4, name: (call.body as { name: string }).name, activated: true };
          reasons.push(created);
          return json(created, 201);
        },
      ],
    });
    renderWithProviders(<ClosingReasonsScreen />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Novo motivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo motivo de encerramento' });
    const field = within(dialog).getByRole('textbox', { name: /Nome do motivo/ });
    await user.click(within(dialog).getByRole('button', { name: 'Criar motivo' }));
    expect(await within(dialog).findByText('Informe o nome.')).toBeInTheDocument();
    expect(callsTo('POST /api/closing-reasons')).toHaveLength(0);

    await user.type(field, '  Spam ');
    await user.click(within(dialog).getByRole('button', { name: 'Criar motivo' }));
    expect(await within(dialog).findByText('Já existe um motivo com esse nome.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('  Spam ');
    expect(callsTo('POST /api/closing-reasons')[0]?.body).toEqual({ name: 'Spam' });

    await user.clear(field);
    await user.type(field, 'Cliente desistiu');
    await user.click(within(dialog).getByRole('button', { name: 'Criar motivo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST /api/closing-reasons')[1]?.body).toEqual({ name: 'Cliente desistiu' });
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Motivo criado' }));
    await waitFor(() => expect(rowNames()).toContain('Cliente desistiu'));
  });

  it('renames, deactivates after confirming, and activates again', async () => {
    const user = userEvent.setup();
    let reasons = [...REASONS];
    const { callsTo } = stubFetch({
      'GET /api/closing-reasons': () => json(reasons),
      'PUT /api/closing-reasons/2': (call) => {
        reasons = reasons.map((reason) => (reason.id === 2 ? { ...reason, ...(call.body as object) } : reason));
        return json(reasons.find((reason) => reason.id === 2));
      },
      'PUT /api/closing-reasons/3': (call) => {
        reasons = reasons.map((reason) => (reason.id === 3 ? { ...reason, ...(call.body as object) } : reason));
        return json(reasons.find((reason) => reason.id === 3));
      },
    });
    renderWithProviders(<ClosingReasonsScreen />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));

    await user.click(within(rowOf(2)).getByRole('button', { name: 'Ações do motivo Pedido entregue' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Renomear' }));
    const rename = await screen.findByRole('dialog', { name: 'Renomear motivo' });
    const field = within(rename).getByRole('textbox', { name: /Nome do motivo/ });
    expect(field).toHaveValue('Pedido entregue');
    // Unchanged: nothing to save.
    expect(within(rename).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'Pedido entregue ao cliente');
    await user.click(within(rename).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(callsTo('PUT /api/closing-reasons/2')[0]?.body).toEqual({ name: 'Pedido entregue ao cliente' }),
    );
    await waitFor(() => expect(rowNames()).toContain('Pedido entregue ao cliente'));

    await user.click(within(rowOf(2)).getByRole('button', { name: /^Ações do motivo/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Desativar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Desativar motivo' });
    expect(confirm).toHaveTextContent('continuam com esse motivo');
    expect(callsTo('PUT /api/closing-reasons/2')).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(callsTo('PUT /api/closing-reasons/2')[1]?.body).toEqual({ activated: false }));
    await waitFor(() => expect(within(rowOf(2)).getByText('Inativo')).toBeInTheDocument());

    // Activating needs no confirmation.
    await user.click(within(rowOf(3)).getByRole('button', { name: 'Ações do motivo Spam' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ativar' }));
    await waitFor(() => expect(callsTo('PUT /api/closing-reasons/3')[0]?.body).toEqual({ activated: true }));
    await waitFor(() => expect(within(rowOf(3)).getByText('Ativo')).toBeInTheDocument());
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Motivo ativado' }));
  });

  it('says why a change was refused', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/closing-reasons': () => json(REASONS),
      'PUT /api/closing-reasons/3': () => json({ code: 'forbidden', message: 'Sem permissão.' }, 403),
    });
    renderWithProviders(<ClosingReasonsScreen />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.click(within(rowOf(3)).getByRole('button', { name: 'Ações do motivo Spam' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ativar' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Não foi possível ativar o motivo', message: 'Sem permissão.' }),
      ),
    );
    expect(within(rowOf(3)).getByText('Inativo')).toBeInTheDocument();
  });
});
