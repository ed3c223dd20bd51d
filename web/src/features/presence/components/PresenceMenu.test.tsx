import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-keys';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { theme } from '../../../theme';
import { applyPresenceEvent } from '../realtime';
import { PresenceMenu } from './PresenceMenu';

/** What the server says the user's flag is (the user info query reads it). */
let serverConnected = true;

/** The header as the navigation layout wires it: the user info query, its `isConnected` to the menu. */
function Header() {
  const userInfo = useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: () => Promise.resolve({ user: { id: 1, name: 'Ana', isConnected: serverConnected } }),
  });
  return <PresenceMenu isConnected={userInfo.data?.user.isConnected} />;
}

function renderHeader() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Header />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return queryClient;
}

function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('PresenceMenu', () => {
  beforeEach(() => {
    serverConnected = true;
    logIn();
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });

  it('shows the current status and changes it at once, before the server answers', async () => {
    const answer = deferred();
    const { callsTo } = stubFetch({ 'POST /graphql': () => answer.promise });
    renderHeader();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Status: Disponível' }));
    expect(screen.getByRole('menuitemradio', { name: /Disponível/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: /Ausente/ }));

    // Optimistic: the header says Ausente while the call is in flight.
    expect(await screen.findByRole('button', { name: 'Status: Ausente' })).toBeInTheDocument();
    expect(callsTo('POST /graphql')[0]?.body).toEqual({ query: 'mutation { disconnected }' });
    serverConnected = false;
    answer.resolve(json({ data: { disconnected: true } }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Status: Ausente' })).toBeInTheDocument());
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('goes back to the previous status and says why when the call fails', async () => {
    serverConnected = false;
    stubFetch({
      'POST /graphql': () => json({ data: null, errors: [{ message: 'Falha ao salvar.', extensions: { code: 'x' } }] }),
    });
    renderHeader();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Status: Ausente' }));
    await user.click(screen.getByRole('menuitemradio', { name: /Disponível/ }));

    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith({
        color: 'red',
        title: 'Não foi possível mudar o seu status',
        message: 'Você continua como Ausente. Falha ao salvar.',
      }),
    );
    expect(screen.getByRole('button', { name: 'Status: Ausente' })).toBeInTheDocument();
  });

  it('follows the socket: an administrator marking the user away turns the header to Ausente, and says so', async () => {
    const queryClient = renderHeader();
    await screen.findByRole('button', { name: 'Status: Disponível' });

    // Another user's change is not the header's business.
    expect(applyPresenceEvent(queryClient, { event: 'UserDisconnected', user_id: 2 }, 1)).toBeNull();
    const notice = applyPresenceEvent(queryClient, { event: 'UserDisconnected', user_id: 1 }, 1);
    expect(notice).toEqual({
      color: 'gray',
      title: 'Seu status mudou',
      message: 'Agora você está ausente: a equipe vê você offline.',
    });
    expect(await screen.findByRole('button', { name: 'Status: Ausente' })).toBeInTheDocument();
    // The echo of a status already shown is not news.
    expect(applyPresenceEvent(queryClient, { event: 'UserDisconnected', user_id: 1 }, 1)).toBeNull();
  });
});
