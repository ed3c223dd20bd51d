import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { Composer } from './Composer';

describe('Composer', () => {
  it('Enter sends, Shift+Enter breaks the line; an empty message is not sent', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    renderWithProviders(<Composer ticketId={1} onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Mensagem' });
    await user.type(box, '{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, 'Bom dia!{Shift>}{Enter}{/Shift}Tudo bem?');
    expect(box).toHaveValue('Bom dia!\nTudo bem?');
    await user.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('Bom dia!\nTudo bem?');
    expect(box).toHaveValue('');
  });

  it('keeps the draft of each ticket', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Composer ticketId={2} onSend={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'rascunho');
    unmount();
    renderWithProviders(<Composer ticketId={2} onSend={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toHaveValue('rascunho');
  });
});
