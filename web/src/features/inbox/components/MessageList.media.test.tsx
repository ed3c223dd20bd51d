import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../../theme';
import type { Message } from '../api/schemas';
import { media, message } from '../test-data';
import { MessageList, type MessageListProps } from './MessageList';

function list(messages: Message[], props: Partial<MessageListProps> = {}) {
  const all: MessageListProps = {
    messages,
    now: new Date('2026-11-23T15:00:00Z'),
    hasOlder: false,
    loadingOlder: false,
    loadOlder: vi.fn(),
    onRetry: vi.fn(),
    retryingId: null,
    customerName: 'Maria',
    ...props,
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      {children}
    </MantineProvider>
  );
  return { ...render(<MessageList {...all} />, { wrapper }), props: all };
}

const photos = [
  message(1, {
    type: 'image',
    body: 'Frente',
    media: media({ url: '/m/1', downloadUrl: '/m/1?d', fileName: 'frente.jpg' }),
  }),
  message(2, { body: 'e a nota?' }),
  message(3, { type: 'image', body: '', media: media({ url: '/m/3', downloadUrl: '/m/3?d' }) }),
  message(4, { type: 'image', body: 'Verso', media: media({ url: '/m/4', downloadUrl: '/m/4?d' }) }),
];

describe('the lightbox', () => {
  it('opens the photo clicked, goes to the next and previous of the conversation, zooms and downloads', async () => {
    const user = userEvent.setup();
    list(photos);
    await user.click(screen.getByRole('button', { name: 'Ampliar: Foto enviada por Maria' }));
    const dialog = await screen.findByRole('dialog', { name: 'Foto 2 de 3' });
    expect(within(dialog).getByTestId('lightbox-image')).toHaveAttribute('src', '/m/3');
    expect(within(dialog).getByRole('link', { name: 'Baixar' })).toHaveAttribute('href', '/m/3?d');

    await user.click(within(dialog).getByRole('button', { name: 'Próxima foto' }));
    expect(screen.getByRole('dialog', { name: 'Foto 3 de 3' })).toBeInTheDocument();
    expect(screen.getByTestId('lightbox-image')).toHaveAttribute('src', '/m/4');
    expect(screen.getByTestId('lightbox-image')).toHaveAccessibleName('Verso');
    expect(screen.getByRole('button', { name: 'Próxima foto' })).toBeDisabled();

    // The arrow keys too.
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Foto 1 de 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Foto anterior' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Baixar' })).toHaveAttribute('download', 'frente.jpg');

    expect(screen.getByTestId('zoom-level')).toHaveTextContent('100%');
    await user.click(screen.getByRole('button', { name: 'Aumentar zoom' }));
    await user.click(screen.getByRole('button', { name: 'Aumentar zoom' }));
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('200%');
    expect(screen.getByTestId('lightbox-image')).toHaveAttribute('data-zoom', '2');
    await user.click(screen.getByRole('button', { name: 'Diminuir zoom' }));
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('150%');
  });
});

describe('going to a quoted message', () => {
  const reply = message(20, {
    direction: 'out',
    body: 'Sim, recebi.',
    quoted: { id: 5, type: 'text', body: 'Mandei o comprovante', direction: 'in', fileName: null },
  });

  it('scrolls to it and highlights it when it is loaded', async () => {
    const scroll = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    list([message(5, { body: 'Mandei o comprovante' }), reply]);
    await userEvent.click(screen.getByRole('button', { name: /Ir para a mensagem citada:\s*Maria/ }));
    const target = screen.getAllByTestId('message')[0];
    expect(scroll).toHaveBeenCalled();
    expect(target).toHaveAttribute('data-highlighted', 'true');
    scroll.mockRestore();
  });

  it('reads older pages until it is there', async () => {
    const loadOlder = vi.fn();
    const { rerender, props } = list([reply], { hasOlder: true, loadOlder });
    await userEvent.click(screen.getByRole('button', { name: /Ir para a mensagem citada/ }));
    expect(loadOlder).toHaveBeenCalledTimes(1);
    // A page without it: one more.
    const older = { ...props, messages: [message(9), reply], loadingOlder: false };
    rerender(<MessageList {...older} loadingOlder />);
    rerender(<MessageList {...older} />);
    expect(loadOlder).toHaveBeenCalledTimes(2);
    rerender(<MessageList {...older} messages={[message(5, { body: 'Mandei o comprovante' }), message(9), reply]} />);
    expect(loadOlder).toHaveBeenCalledTimes(2);
    const [quoted] = screen.getAllByTestId('message');
    expect(quoted).toHaveTextContent('Mandei o comprovante');
    expect(quoted).toHaveAttribute('data-highlighted', 'true');
  });

  it('says so when the conversation starts without it', async () => {
    const show = vi.spyOn(notifications, 'show');
    list([reply], { hasOlder: false });
    await userEvent.click(screen.getByRole('button', { name: /Ir para a mensagem citada/ }));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Mensagem não encontrada' }));
    show.mockRestore();
  });
});
