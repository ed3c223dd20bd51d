import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
