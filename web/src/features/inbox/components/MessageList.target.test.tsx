import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../../theme';
import { SEEK_PAGE_SIZE } from '../api/get-messages';
import { MAX_SEEK_PAGES } from '../seek';
import { message } from '../test-data';
import { MessageList, type MessageListProps } from './MessageList';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      {children}
    </MantineProvider>
  );
}

describe('a link’s target message far back in a long conversation', () => {
  it('stops after MAX_SEEK_PAGES older pages and says where to look', () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const loadOlder = vi.fn();
    const onTargetDone = vi.fn();
    const props: MessageListProps = {
      messages: [message(100_000)],
      now: new Date('2026-11-23T15:00:00Z'),
      hasOlder: true,
      loadingOlder: false,
      loadOlder,
      onRetry: vi.fn(),
      retryingId: null,
      targetMessageId: 7,
      onTargetDone,
    };
    const { rerender } = render(<MessageList {...props} />, { wrapper });
    // Each older page arrives without it (a new first message), until the search gives up.
    for (let page = 1; page <= MAX_SEEK_PAGES; page += 1) {
      expect(loadOlder).toHaveBeenCalledTimes(page);
      expect(loadOlder).toHaveBeenLastCalledWith(SEEK_PAGE_SIZE);
      const older = [message(100_000 - page), ...props.messages];
      rerender(<MessageList {...props} messages={older} loadingOlder />);
      props.messages = older;
      rerender(<MessageList {...props} />);
    }
    expect(loadOlder).toHaveBeenCalledTimes(MAX_SEEK_PAGES);
    expect(onTargetDone).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Mensagem não encontrada',
        message: 'Ela está muito atrás nesta conversa. Role a conversa para cima para continuar procurando.',
      }),
    );
  });
});
