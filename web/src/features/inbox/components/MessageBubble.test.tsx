import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { message } from '../test-data';
import { MessageBubble } from './MessageBubble';

describe('MessageBubble', () => {
  it('marks the chatbot’s messages as the bot’s', () => {
    renderWithProviders(
      <MessageBubble message={message(3, { direction: 'out', kind: 'bot', ack: 'sent', body: '1 - Financeiro' })} />,
    );
    const bubble = screen.getByTestId('message');
    expect(bubble).toHaveAttribute('data-kind', 'bot');
    expect(screen.getByTestId('bot-author')).toHaveTextContent('Assistente virtual · bot');
    expect(screen.getByText('1 - Financeiro')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Enviada' })).toBeInTheDocument();
  });

  it('marks a campaign’s message, the one the customer is answering', () => {
    renderWithProviders(
      <MessageBubble message={message(5, { direction: 'out', kind: 'campaign', ack: 'read', body: 'Cupom ANA10' })} />,
    );
    expect(screen.getByTestId('campaign-author')).toHaveTextContent('Campanha');
    expect(screen.queryByTestId('bot-author')).not.toBeInTheDocument();
  });

  it('an agent’s reply keeps the agent’s name and no bot mark', () => {
    renderWithProviders(
      <MessageBubble message={message(4, { direction: 'out', user: { id: 7, name: 'Alice' }, body: 'Oi!' })} />,
    );
    expect(screen.getByText('Alice')).toBeInTheDocument();
    expect(screen.queryByTestId('bot-author')).not.toBeInTheDocument();
  });

  it('an internal note: amber, "Anotação interna" with its author, mentions in bold, no ticks, no reply nor reaction', () => {
    renderWithProviders(
      <MessageBubble
        message={message(6, {
          direction: 'out',
          kind: 'internal',
          ack: 'read',
          user: { id: 7, name: 'Alice' },
          body: '@Carlos Souza o cliente já pagou, pode liberar?',
        })}
        viewerId={7}
        onReply={vi.fn()}
        onReact={vi.fn()}
        mentionNames={['Carlos Souza']}
      />,
    );
    const bubble = screen.getByTestId('message');
    expect(bubble).toHaveAttribute('data-kind', 'internal');
    expect(screen.getByTestId('internal-author')).toHaveTextContent('Anotação interna · Alice');
    expect(within(bubble).getByText('@Carlos Souza', { selector: 'strong' })).toBeInTheDocument();
    expect(bubble).toHaveTextContent('@Carlos Souza o cliente já pagou, pode liberar?');
    expect(screen.queryByRole('img', { name: 'Lida' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('message-actions')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reagir/ })).not.toBeInTheDocument();
  });

  it('an internal note with a file shows it inside the note, its caption under it', () => {
    const { unmount } = renderWithProviders(
      <MessageBubble
        message={message(7, {
          direction: 'out',
          kind: 'internal',
          type: 'document',
          user: { id: 7, name: 'Alice' },
          body: '@Carlos Souza o comprovante',
          media: {
            status: 'ready',
            mimeType: 'application/pdf',
            fileName: 'comprovante.pdf',
            size: 2048,
            url: '/media/31',
          },
        })}
        mentionNames={['Carlos Souza']}
      />,
    );
    const bubble = screen.getByTestId('message');
    expect(screen.getByTestId('internal-author')).toHaveTextContent('Anotação interna · Alice');
    expect(within(bubble).getByTestId('document-card')).toHaveTextContent('comprovante.pdf');
    expect(within(bubble).getByRole('link', { name: 'Baixar comprovante.pdf' })).toHaveAttribute('href', '/media/31');
    expect(within(bubble).getByText('@Carlos Souza', { selector: 'strong' })).toBeInTheDocument();
    unmount();
    // A file alone (no caption): the photo, named by its author.
    renderWithProviders(
      <MessageBubble
        message={message(8, {
          direction: 'out',
          kind: 'internal',
          type: 'image',
          body: '',
          user: { id: 7, name: 'Alice' },
          media: { status: 'ready', mimeType: 'image/png', width: 10, height: 10, url: '/media/32' },
        })}
      />,
    );
    expect(screen.getByRole('img', { name: 'Foto enviada por Alice' })).toBeInTheDocument();
  });

  it('a note being sent shows its clock; the transfers’ lines stay as they were', () => {
    const { unmount } = renderWithProviders(
      <MessageBubble
        message={{
          ...message(-1, { direction: 'out', kind: 'internal', user: { id: 7, name: 'Alice' } }),
          local: 'sending',
        }}
      />,
    );
    expect(screen.getByRole('img', { name: 'Enviando' })).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <MessageBubble message={message(8, { direction: 'out', kind: 'note', body: 'Transferido' })} />,
    );
    expect(screen.getByTestId('message')).toHaveAttribute('data-kind', 'note');
    expect(screen.queryByTestId('internal-author')).not.toBeInTheDocument();
  });
});
