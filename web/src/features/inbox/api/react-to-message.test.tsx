import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import type { MessagePages } from '../cache';
import { inboxKeys } from '../keys';
import { alice, message } from '../test-data';
import { useReactToMessage } from './react-to-message';

function setUp() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData<MessagePages>(inboxKeys.messages(1), {
    pages: [{ data: [message(5, { reactions: [{ emoji: '❤️', from: 'customer', user: null }] })], next_cursor: null }],
    pageParams: [undefined],
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  const { result } = renderHook(() => useReactToMessage(1, alice), { wrapper });
  const reactions = () => client.getQueryData<MessagePages>(inboxKeys.messages(1))?.pages[0]?.data[0]?.reactions;
  return { result, reactions };
}

describe('reacting to a message', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the reaction at once and sends it; the answer is kept', async () => {
    logIn();
    let answer: (response: Response) => void = () => {};
    const { calls } = stubFetch({
      'PUT /api/tickets/1/messages/5/reaction': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { result, reactions } = setUp();
    act(() => result.current.mutate({ messageId: 5, emoji: '👍' }));
    await waitFor(() =>
      expect(reactions()).toEqual([
        { emoji: '❤️', from: 'customer', user: null },
        { emoji: '👍', from: 'agent', user: { id: 7, name: 'Alice' } },
      ]),
    );
    await waitFor(() => expect(calls[0]?.body).toEqual({ emoji: '👍' }));
    const saved = [
      { emoji: '❤️', from: 'customer', user: null },
      { emoji: '👍', from: 'agent', user: { id: 7, name: 'Alice' } },
    ];
    answer(json(message(5, { reactions: saved })));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(reactions()).toEqual(saved);
  });

  it('puts the reactions back when the server refuses', async () => {
    logIn();
    stubFetch({
      'PUT /api/tickets/1/messages/5/reaction': () => json({ code: 'not_ticket_owner', message: 'Não é seu.' }, 403),
    });
    const { result, reactions } = setUp();
    act(() => result.current.mutate({ messageId: 5, emoji: '👍' }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(reactions()).toEqual([{ emoji: '❤️', from: 'customer', user: null }]);
  });
});
