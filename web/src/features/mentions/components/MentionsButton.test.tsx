import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { theme } from '../../../theme';
import { applyMentionsEvent } from '../realtime';
import { mention, page } from '../test-data';
import { MentionsButton } from './MentionsButton';

/** The button in a router (`/` and the inbox's `/?ticket=`), with a query client the test can reach. */
function renderButton(onShareDecided = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <MentionsButton ticketPath={(item) => `/?ticket=${item.ticketId}`} onShareDecided={onShareDecided} />,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { queryClient, router, onShareDecided };
}

async function openDrawer(name: string | RegExp = /^Menções/) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  const drawer = await screen.findByRole('dialog', { name: 'Menções' });
  return { user, drawer };
}

const PENDING_SHARE = mention({
  id: 33,
  ticketId: 15,
  customerName: 'João Pereira',
  protocol: '2026000015',
  body: '@Ana Souza pode olhar este?',
  share: { id: 8, status: 'pending' },
});

describe('MentionsButton', { timeout: 30_000 }, () => {
  beforeEach(() => {
    logIn([], {
      role: { name: 'atendente' },
      displayName: 'Ana Souza',
      email: 'ana@acme.com.br',
      photoURL: null,
      uid: 7,
    });
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });

  it('shows the unread count of GET /api/mentions/unread on the badge and in its name', async () => {
    const { callsTo } = stubFetch({ 'GET /api/mentions/unread': () => json({ unread: 3 }) });
    renderButton();
    const button = await screen.findByRole('button', { name: 'Menções: 3 não lidas' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(callsTo('GET /api/mentions/unread')).toHaveLength(1);
  });

  it('has no badge and a plain name with nothing unread, and opens on "Todas"', async () => {
    const { callsTo } = stubFetch({
      'GET /api/mentions/unread': () => json({ unread: 0 }),
      'GET /api/mentions': () => json(page([])),
    });
    renderButton();
    const { drawer } = await openDrawer('Menções');
    expect(await within(drawer).findByText('Nenhuma menção por aqui.')).toBeInTheDocument();
    expect(callsTo('GET /api/mentions')[0]?.query.get('unread')).toBe('false');
    expect(within(drawer).getByRole('radio', { name: 'Todas' })).toBeChecked();
    expect(within(drawer).getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
  });

  it('lists the unread mentions, newest first; "Carregar mais" follows the cursor', async () => {
    const { callsTo } = stubFetch({
      'GET /api/mentions/unread': () => json({ unread: 3 }),
      'GET /api/mentions': [
        () => json(page([mention({ id: 31 }), PENDING_SHARE], '33', 3)),
        () => json(page([mention({ id: 20, author: null, body: 'Antigo, sem menção', customerName: 'Rui' })], null, 3)),
      ],
    });
    renderButton();
    const { user, drawer } = await openDrawer();
    const [first] = await within(drawer).findAllByTestId('mention');
    expect(first).toHaveTextContent('Carlos Lima');
    expect(first).toHaveTextContent('em Maria Souza · #2026000012');
    expect(first).toHaveTextContent('Não lida');
    expect(first).toHaveTextContent('há 5 min.');
    // The person's own name, highlighted whole.
    expect(within(first!).getByText('@Ana Souza').tagName).toBe('MARK');
    expect(within(drawer).getByRole('radio', { name: 'Não lidas' })).toBeChecked();
    const [firstCall] = callsTo('GET /api/mentions');
    expect(firstCall?.query.get('unread')).toBe('true');
    expect(firstCall?.query.get('cursor')).toBeNull();
    expect(firstCall?.query.get('limit')).toBe('20');

    await user.click(within(drawer).getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(within(drawer).getAllByTestId('mention')).toHaveLength(3));
    expect(within(drawer).getAllByTestId('mention')[2]).toHaveTextContent('Alguém');
    expect(callsTo('GET /api/mentions')[1]?.query.get('cursor')).toBe('33');
    expect(within(drawer).queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();

    // axe (WCAG A/AA): nothing serious or critical in the open drawer (contrast is the e2e's: jsdom has no layout).
    const results = await axe.run(drawer, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('a mention clicked is marked read and opens its ticket in the inbox; the drawer closes', async () => {
    const { callsTo } = stubFetch({
      'GET /api/mentions/unread': () => json({ unread: 1 }),
      'GET /api/mentions': () => json(page([mention({ id: 31, ticketId: 12 })], null, 1)),
      'POST /api/mentions/read': () => json({ unread: 0 }),
    });
    const { router } = renderButton();
    const { user, drawer } = await openDrawer('Menções: 1 não lida');
    const link = await within(drawer).findByRole('link', { name: /Carlos Lima/ });
    expect(link).toHaveAttribute('href', '/?ticket=12');
    await user.click(link);
    await waitFor(() => expect(router.state.location.search).toBe('?ticket=12'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menções' })).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo('POST /api/mentions/read')).toHaveLength(1));
    expect(callsTo('POST /api/mentions/read')[0]?.body).toEqual({ ids: [31] });
    expect(await screen.findByRole('button', { name: 'Menções' })).toBeInTheDocument();
  });

  it('"Marcar todas como lidas" reads them all and sets the badge from the answer', async () => {
    const { callsTo } = stubFetch({
      'GET /api/mentions/unread': () => json({ unread: 2 }),
      'GET /api/mentions': [
        () => json(page([mention({ id: 31 }), mention({ id: 30 })], null, 2)),
        () => json(page([])),
      ],
      'POST /api/mentions/read': () => json({ unread: 0 }),
    });
    renderButton();
    const { user, drawer } = await openDrawer();
    await within(drawer).findAllByTestId('mention');
    await user.click(within(drawer).getByRole('button', { name: 'Marcar todas como lidas' }));
    await waitFor(() => expect(callsTo('POST /api/mentions/read')[0]?.body).toEqual({ all: true }));
    expect(await screen.findByRole('button', { name: 'Menções', hidden: true })).toBeInTheDocument();
    expect(await within(drawer).findByText('Nenhuma menção por aqui.')).toBeInTheDocument();
  });

  it('a pending share is accepted or declined through its endpoints, and the list read again', async () => {
    const { callsTo } = stubFetch({
      'GET /api/mentions/unread': () => json({ unread: 1 }),
      'GET /api/mentions': [
        () => json(page([PENDING_SHARE], null, 1)),
        () => json(page([{ ...PENDING_SHARE, share: { id: 8, status: 'accepted' } }], null, 1)),
      ],
      'POST /api/ticket-shares/8/accept': () => json({ id: 8, status: 'accepted' }),
    });
    const { onShareDecided } = renderButton();
    const { user, drawer } = await openDrawer();
    const item = await within(drawer).findByTestId('mention');
    expect(item).toHaveTextContent('Carlos Lima convidou você para este atendimento');
    await user.click(within(item).getByRole('button', { name: 'Aceitar' }));
    await waitFor(() => expect(callsTo('POST /api/ticket-shares/8/accept')).toHaveLength(1));
    expect(await within(drawer).findByText('Atendimento compartilhado com você.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Aceitar' })).not.toBeInTheDocument();
    expect(callsTo('GET /api/mentions')).toHaveLength(2);
    expect(onShareDecided).toHaveBeenCalledOnce();
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Convite aceito' }));
  });

  it('declining takes the mention away; a share already answered shows the server pt_BR message', async () => {
    const { callsTo } = stubFetch({
      'GET /api/mentions/unread': [() => json({ unread: 1 }), () => json({ unread: 0 })],
      'GET /api/mentions': [
        () => json(page([PENDING_SHARE, { ...PENDING_SHARE, id: 34, share: { id: 9, status: 'pending' } }], null, 1)),
        () => json(page([{ ...PENDING_SHARE, id: 34, share: { id: 9, status: 'pending' } }], null, 0)),
        () => json(page([], null, 0)),
      ],
      'POST /api/ticket-shares/8/decline': () => json({ id: 8, status: 'declined' }),
      'POST /api/ticket-shares/9/decline': () =>
        json({ code: 'share_decided', message: 'Este convite já foi respondido.', errors: [] }, 409),
    });
    renderButton();
    const { user, drawer } = await openDrawer();
    const [first] = await within(drawer).findAllByTestId('mention');
    await user.click(within(first!).getByRole('button', { name: 'Recusar' }));
    await waitFor(() => expect(within(drawer).getAllByTestId('mention')).toHaveLength(1));
    expect(callsTo('POST /api/ticket-shares/8/decline')).toHaveLength(1);
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Convite recusado' }));

    await user.click(within(drawer).getByRole('button', { name: 'Recusar' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', message: 'Este convite já foi respondido.' }),
      ),
    );
    expect(await within(drawer).findByText('Nenhuma menção por aqui.')).toBeInTheDocument();
  });

  it('live: UserMentioned raises the count and tops the open list; MentionsRead sets the count', async () => {
    stubFetch({
      'GET /api/mentions/unread': () => json({ unread: 2 }),
      'GET /api/mentions': [
        () => json(page([mention({ id: 31 })], null, 2)),
        // Read again after MentionsRead: read in the other tab.
        () => json(page([], null, 0)),
      ],
    });
    const { queryClient } = renderButton();
    await screen.findByRole('button', { name: 'Menções: 2 não lidas' });
    const { drawer } = await openDrawer();
    await within(drawer).findByTestId('mention');

    const fresh = mention({ id: 50, author: { id: 9, name: 'Bruna Reis' }, customerName: 'Pedro Alves' });
    act(() => void applyMentionsEvent(queryClient, { event: 'UserMentioned', mention: fresh }));
    expect(await screen.findByRole('button', { name: 'Menções: 3 não lidas', hidden: true })).toBeInTheDocument();
    const [top] = within(drawer).getAllByTestId('mention');
    expect(top).toHaveTextContent('Bruna Reis');
    expect(top).toHaveTextContent('em Pedro Alves');

    act(() => void applyMentionsEvent(queryClient, { event: 'MentionsRead', unread: 0 }));
    expect(await screen.findByRole('button', { name: 'Menções', hidden: true })).toBeInTheDocument();
    expect(await within(drawer).findByText('Nenhuma menção por aqui.')).toBeInTheDocument();
  });
});
