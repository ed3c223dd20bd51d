import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyTagsEvent, type Tag } from '../../../lib/tags';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { TagsScreen } from './TagsScreen';

function tag(id: number, name: string, color: string, boardPosition: number | null = null): Tag {
  return { id, name, color, boardPosition, createdAt: '2026-12-01T12:00:00Z', updatedAt: '2026-12-01T12:00:00Z' };
}

const TAGS = [tag(2, 'Orçamento', '#fab005', 0), tag(3, 'Pós-venda', '#40c057'), tag(1, 'Urgente', '#fa5252', 1)];

/** The tags of the desktop table's rows, in order. */
function rowNames(): string[] {
  return screen.queryAllByTestId(/^tag-row-/).map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

function boardColumns(): string[] {
  return screen.queryAllByTestId('board-column').map((item) => item.textContent ?? '');
}

describe('TagsScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['tags']);
  });

  it('lists the tags with colour and place on the board, searched whatever the accents', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/tags': () => json(TAGS) });
    const { container } = renderWithProviders(<TagsScreen />);
    await waitFor(() => expect(rowNames()).toEqual(['Orçamento', 'Pós-venda', 'Urgente']));
    expect(screen.getByText('3 etiquetas, 2 no quadro.')).toBeInTheDocument();
    const row = screen.getByTestId('tag-row-2');
    expect(row).toHaveTextContent('#fab005');
    expect(row).toHaveTextContent('Coluna 1');
    expect(screen.getByTestId('tag-row-3')).toHaveTextContent('Fora do quadro');
    expect(boardColumns()).toEqual(['1Orçamento', '2Urgente']);

    await user.type(screen.getByRole('textbox', { name: 'Buscar etiquetas' }), 'pos');
    expect(rowNames()).toEqual(['Pós-venda']);

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('says when there is no tag yet', async () => {
    stubFetch({ 'GET /api/tags': () => json([]) });
    renderWithProviders(<TagsScreen />);
    expect(await screen.findByText('Nenhuma etiqueta criada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nova etiqueta' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Colunas do quadro' })).not.toBeInTheDocument();
  });

  it('creates a tag: checks the name, shows the server’s refusal under the field, then saves name and colour', async () => {
    const user = userEvent.setup();
    const tags = [...TAGS];
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json(tags),
      'POST /api/tags': [
        () =>
          json(
            {
              code: 'tag_name_taken',
              message: 'Já existe a etiqueta "Urgente".',
              errors: [{ field: 'name', message: 'Já existe a etiqueta "Urgente".' }],
            },
            422,
          ),
        (call: RecordedCall) => {
          const body = call.body as { name: string; color: string };
          const created = tag(4, body.name, body.color);
          tags.push(created);
          return json(created, 201);
        },
      ],
    });
    renderWithProviders(<TagsScreen />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Nova etiqueta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova etiqueta' });
    const name = within(dialog).getByRole('textbox', { name: /Nome da etiqueta/ });
    await user.click(within(dialog).getByRole('button', { name: 'Criar etiqueta' }));
    expect(await within(dialog).findByText('Informe o nome.')).toBeInTheDocument();
    expect(callsTo('POST /api/tags')).toHaveLength(0);

    await user.type(name, 'urgente');
    await user.click(within(dialog).getByRole('button', { name: 'Criar etiqueta' }));
    expect(await within(dialog).findByText('Já existe a etiqueta "Urgente".')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(callsTo('POST /api/tags')[0]?.body).toEqual({ name: 'urgente', color: '#228be6' });

    await user.clear(name);
    await user.type(name, 'Aguardando pagamento');
    await user.click(within(dialog).getByRole('button', { name: 'Verde' }));
    expect(within(dialog).getByRole('button', { name: 'Verde' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Criar etiqueta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST /api/tags')[1]?.body).toEqual({ name: 'Aguardando pagamento', color: '#40c057' });
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Etiqueta criada' }));
    // Written into the list at once, in its place by name.
    expect(rowNames()).toEqual(['Aguardando pagamento', 'Orçamento', 'Pós-venda', 'Urgente']);
  });

  it('edits only what changed; a bad colour is refused before sending', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json(TAGS),
      'PUT /api/tags/3': (call) => json({ ...TAGS[1], ...(call.body as object) }),
    });
    renderWithProviders(<TagsScreen />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.click(
      within(screen.getByTestId('tag-row-3')).getByRole('button', { name: 'Ações da etiqueta Pós-venda' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar etiqueta' });
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    const color = within(dialog).getByRole('textbox', { name: /^Cor/ });
    await user.clear(color);
    await user.type(color, 'verde');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Use uma cor no formato #rrggbb.')).toBeInTheDocument();
    expect(callsTo('PUT /api/tags/3')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Roxo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/tags/3')[0]?.body).toEqual({ color: '#7950f2' }));
  });

  it('chooses the board’s columns and their order with the keyboard, and saves them at once', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json(TAGS),
      'PUT /api/tags/board': [
        () => json({ code: 'too_many_columns', message: 'O quadro mostra até 20 colunas.' }, 422),
        (call: RecordedCall) => {
          const ids = (call.body as { tagIds: number[] }).tagIds;
          return json(ids.map((id, position) => ({ ...TAGS.find((t) => t.id === id), boardPosition: position })));
        },
      ],
    });
    renderWithProviders(<TagsScreen />);
    await waitFor(() => expect(boardColumns()).toEqual(['1Orçamento', '2Urgente']));
    expect(screen.getByRole('button', { name: 'Salvar colunas' })).toBeDisabled();

    // Add "Pós-venda" at the end, then move it up twice: the focus stays on its button.
    await user.click(screen.getByRole('combobox', { name: 'Adicionar coluna' }));
    await user.click(await screen.findByRole('option', { name: 'Pós-venda' }));
    expect(boardColumns()).toEqual(['1Orçamento', '2Urgente', '3Pós-venda']);
    const up = screen.getByRole('button', { name: 'Mover Pós-venda para cima' });
    await user.click(up);
    expect(boardColumns()).toEqual(['1Orçamento', '2Pós-venda', '3Urgente']);
    expect(screen.getByRole('button', { name: 'Mover Pós-venda para cima' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(boardColumns()).toEqual(['1Pós-venda', '2Orçamento', '3Urgente']);
    // At the top "up" is disabled: the focus moved to "down".
    expect(screen.getByRole('button', { name: 'Mover Pós-venda para cima' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mover Pós-venda para baixo' })).toHaveFocus();
    expect(screen.getByTestId('board-columns-announcement')).toHaveTextContent('Pós-venda agora é a coluna 1 de 3.');
    await user.click(screen.getByRole('button', { name: 'Tirar Urgente do quadro' }));
    expect(boardColumns()).toEqual(['1Pós-venda', '2Orçamento']);

    // The server refuses once: said above, the draft kept.
    await user.click(screen.getByRole('button', { name: 'Salvar colunas' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O quadro mostra até 20 colunas.');
    expect(boardColumns()).toEqual(['1Pós-venda', '2Orçamento']);
    await user.click(screen.getByRole('button', { name: 'Salvar colunas' }));
    await waitFor(() => expect(callsTo('PUT /api/tags/board')).toHaveLength(2));
    expect(callsTo('PUT /api/tags/board')[1]?.body).toEqual({ tagIds: [3, 2] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar colunas' })).toBeDisabled());
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Quadro salvo', message: 'Colunas: Sem etiqueta, Pós-venda, Orçamento.' }),
    );
    expect(screen.getByTestId('tag-row-1')).toHaveTextContent('Fora do quadro');
    expect(screen.getByTestId('tag-row-3')).toHaveTextContent('Coluna 1');
  });

  it('deletes after saying the tag leaves every ticket and customer', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json(TAGS),
      'DELETE /api/tags/1': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<TagsScreen />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    await user.click(
      within(screen.getByTestId('tag-row-1')).getByRole('button', { name: 'Ações da etiqueta Urgente' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir etiqueta' });
    expect(dialog).toHaveTextContent(
      '“Urgente” sai de todos os atendimentos e clientes que a têm e deixa de ser uma coluna do quadro.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(rowNames()).toEqual(['Orçamento', 'Pós-venda']));
    expect(callsTo('DELETE /api/tags/1')).toHaveLength(1);
    expect(boardColumns()).toEqual(['1Orçamento']);
  });

  it('follows TagsChanged: someone else’s new tag and board show without a reload', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { callsTo } = stubFetch({ 'GET /api/tags': () => json(TAGS) });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <TagsScreen />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    act(() => {
      applyTagsEvent(client, {
        event: 'TagsChanged',
        tags: [...TAGS.map((t) => ({ ...t, boardPosition: null })), tag(5, 'Retorno', '#15aabf', 0)],
      });
    });
    await waitFor(() => expect(rowNames()).toEqual(['Orçamento', 'Pós-venda', 'Retorno', 'Urgente']));
    expect(boardColumns()).toEqual(['1Retorno']);
    expect(callsTo('GET /api/tags')).toHaveLength(1);
  });
});
