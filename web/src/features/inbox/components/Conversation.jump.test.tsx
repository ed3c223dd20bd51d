import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { CONVERSATION_PAGE_SIZE, SEEK_PAGE_SIZE } from '../api/get-messages';
import { alice, message, ticket } from '../test-data';
import { Conversation } from './Conversation';

/**
 * GET /api/tickets/1/messages as the server pages it: messages 1 to `total` (oldest first), the
 * `limit` before `before` (a message id), oldest first, `next_cursor` the oldest one's id.
 */
function messagesAnswer(total: number) {
  return (call: RecordedCall) => {
    const before = Number(call.query.get('before') ?? total + 1);
    const limit = Number(call.query.get('limit'));
    const from = Math.max(1, before - limit);
    const ids = Array.from({ length: before - from }, (_, index) => from + index);
    return json({
      data: ids.map((id) => message(id, { body: `Mensagem número ${id}` })),
      next_cursor: from > 1 ? String(from) : null,
    });
  };
}

function serve(total: number) {
  return stubFetch({
    'GET /api/tickets/1': () => json(ticket(1, { unread: 0 })),
    'GET /api/tickets/1/messages': messagesAnswer(total),
    'GET /api/media/limits': () => json({ limits: [] }),
    'GET /api/templates': () => json([]),
  });
}

function open(targetMessageId: number, onTargetDone = vi.fn()) {
  renderWithProviders(
    <Conversation
      viewer={alice}
      ticketId={1}
      onBack={vi.fn()}
      onShowCustomer={vi.fn()}
      onTaken={vi.fn()}
      targetMessageId={targetMessageId}
      onTargetDone={onTargetDone}
    />,
  );
  return onTargetDone;
}

describe('opening a conversation at a message (`&message=`)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    logIn();
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads older pages, 200 at a time, until the message is there; focuses and announces it', async () => {
    const { callsTo } = serve(480);
    const done = open(20);
    const target = await screen.findByText('Mensagem número 20', {}, { timeout: 5000 });
    const row = target.closest<HTMLElement>('[data-message-id]');
    await waitFor(() => expect(row).toHaveFocus());
    expect(row).toHaveAttribute('data-message-id', '20');
    expect(row).toHaveAttribute('data-highlighted', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Mensagem encontrada');
    expect(done).toHaveBeenCalledTimes(1);
    // The newest 50, then 200 at a time backwards: 431–480, 231–430, 31–230, 1–30.
    const pages = callsTo('GET /api/tickets/1/messages').map((call) => [
      call.query.get('before'),
      Number(call.query.get('limit')),
    ]);
    expect(pages).toEqual([
      [null, CONVERSATION_PAGE_SIZE],
      ['431', SEEK_PAGE_SIZE],
      ['231', SEEK_PAGE_SIZE],
      ['31', SEEK_PAGE_SIZE],
    ]);
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('shows a message of the newest page at once, reading nothing more', async () => {
    const { callsTo } = serve(80);
    const done = open(79);
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Mensagem número 79').closest('[data-message-id]')).toHaveFocus();
    expect(callsTo('GET /api/tickets/1/messages')).toHaveLength(1);
  });

  it('says so when the conversation does not hold it, and is done with the link', async () => {
    const { callsTo } = serve(260);
    const done = open(5000);
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Mensagem não encontrada',
        message: 'A mensagem não está mais nesta conversa.',
      }),
    );
    // 211–260, then 11–210, then 1–10: the start of the conversation.
    expect(callsTo('GET /api/tickets/1/messages')).toHaveLength(3);
    expect(screen.getByText('Início da conversa')).toBeInTheDocument();
  });
});
