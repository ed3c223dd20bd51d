import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tag } from '../../../lib/tags';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { alice, page, ticket } from '../test-data';
import { Inbox } from './Inbox';

const ORCAMENTO = { id: 1, name: 'Orçamento', color: '#fab005' };
const POS_VENDA = { id: 2, name: 'Pós-venda', color: '#40c057' };

function tag(ref: { id: number; name: string; color: string }): Tag {
  return { ...ref, boardPosition: null, createdAt: '2026-12-01T12:00:00Z', updatedAt: '2026-12-01T12:00:00Z' };
}

const TAGS = [tag(ORCAMENTO), tag(POS_VENDA)];

/** The inbox at "/" with two tickets in its queue; the first carries "Orçamento". */
function renderQueue(tagsAnswer?: Parameters<typeof stubFetch>[0][string]) {
  const first = ticket(1, { tags: [ORCAMENTO] });
  const second = ticket(2);
  const fetch = stubFetch({
    'GET /api/tags': () => json(TAGS),
    'GET /api/inbox/instances': () => json([{ id: 1, name: 'WhatsApp Loja' }]),
    'GET /api/tickets': () => json(page([first, second])),
    'POST /api/tickets/1/tags':
      tagsAnswer ??
      ((call) => {
        const body = call.body as { add: number[]; remove: number[] };
        return json({ ...first, tags: body.add.includes(2) ? [ORCAMENTO, POS_VENDA] : [ORCAMENTO] });
      }),
  });
  const { router, container } = renderRoutes([{ path: '/', element: <Inbox viewer={alice} /> }], '/');
  return { ...fetch, router, container };
}

describe('tagging a ticket from the queue', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn();
  });

  it('each row has a tags button beside its link (never inside it), named for the customer', async () => {
    const { container } = renderQueue();
    const link = await screen.findByRole('link', { name: /Cliente 1/ });
    expect(within(link).queryByRole('button')).not.toBeInTheDocument();
    expect(link.querySelector('button')).toBeNull();
    const button = screen.getByRole('button', { name: 'Etiquetas de Cliente 1' });
    expect(link).not.toContainElement(button);
    // The button and its link share the row.
    expect(link.parentElement).toContainElement(button);
    expect(button).toHaveAttribute('aria-haspopup', 'listbox');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Etiquetas de Cliente 2' })).toBeInTheDocument();

    const results = await axe.run(container.querySelector('[data-queue-list]') as HTMLElement, {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('choosing a tag posts it for that ticket, without opening the ticket; the row shows it', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = renderQueue();
    const link = await screen.findByRole('link', { name: /Cliente 1/ });
    await user.click(screen.getByRole('button', { name: 'Etiquetas de Cliente 1' }));
    const list = await screen.findByRole('listbox', { name: 'Etiquetas de Cliente 1' });
    expect(within(list).getByRole('option', { name: 'Orçamento' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(list).getByRole('option', { name: 'Pós-venda' }));
    await waitFor(() => expect(callsTo('POST /api/tickets/1/tags')[0]?.body).toEqual({ add: [2], remove: [] }));
    await waitFor(() =>
      expect(within(link).getByRole('list', { name: 'Etiquetas' })).toHaveTextContent('OrçamentoPós-venda'),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
    expect(link).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('heading', { name: 'Cliente 1' })).not.toBeInTheDocument();
  });

  it('a refusal is said in a notification', async () => {
    const user = userEvent.setup();
    renderQueue(() => json({ code: 'not_found', message: 'Atendimento não encontrado.' }, 404));
    await user.click(await screen.findByRole('button', { name: 'Etiquetas de Cliente 1' }));
    await user.click(await screen.findByRole('option', { name: 'Pós-venda' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Não foi possível mudar as etiquetas' }),
      ),
    );
  });

  it('keyboard: the arrows still move between the links, Tab reaches the tags button, Esc comes back to it', async () => {
    const user = userEvent.setup();
    renderQueue();
    const first = await screen.findByRole('link', { name: /Cliente 1/ });
    const second = screen.getByRole('link', { name: /Cliente 2/ });
    first.focus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(first).toHaveFocus();

    await user.tab();
    const button = screen.getByRole('button', { name: 'Etiquetas de Cliente 1' });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('listbox', { name: 'Etiquetas de Cliente 1' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Buscar etiqueta' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox', { name: 'Etiquetas de Cliente 1' })).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Past the button, the next ticket.
    await user.tab();
    expect(second).toHaveFocus();
  });
});
