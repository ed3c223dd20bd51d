import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, renderWithProviders } from '../../../../testing/render';
import { media, message } from '../../test-data';
import { MessageBubble } from '../MessageBubble';

const MB = 1024 * 1024;

function bubble(extra: Parameters<typeof message>[1], props: Partial<Parameters<typeof MessageBubble>[0]> = {}) {
  return renderWithProviders(<MessageBubble message={message(1, extra)} customerName="Maria" {...props} />);
}

describe('a message by its type', () => {
  it('a photo shows its thumbnail, named by its caption or its sender, and opens the lightbox', async () => {
    const onOpenImage = vi.fn();
    bubble({ type: 'image', media: media(), body: '' }, { onOpenImage });
    const image = screen.getByRole('img', { name: 'Foto enviada por Maria' });
    expect(image).toHaveAttribute('src', '/api/media/thumb');
    await userEvent.click(screen.getByRole('button', { name: 'Ampliar: Foto enviada por Maria' }));
    expect(onOpenImage).toHaveBeenCalledWith(1);
  });

  it('a photo without a thumbnail shows the image itself, its caption as alt text and under it', () => {
    bubble({ type: 'image', media: media({ thumbnailUrl: null }), body: 'Comprovante do Pix' });
    expect(screen.getByRole('img', { name: 'Comprovante do Pix' })).toHaveAttribute('src', '/api/media/full');
    expect(screen.getByText('Comprovante do Pix')).toBeInTheDocument();
  });

  it('an agent’s photo is named after the agent', () => {
    bubble({ type: 'image', direction: 'out', user: { id: 7, name: 'Alice' }, media: media(), body: '' });
    expect(screen.getByRole('img', { name: 'Foto enviada por Alice' })).toBeInTheDocument();
  });

  it('a voice note: mic mark, duration, play/pause and the speed 1× → 1,5× → 2× → 1×', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const { container } = bubble({
      type: 'audio',
      media: media({ mimeType: 'audio/ogg', voice: true, durationMs: 42_000, thumbnailUrl: null }),
      body: '',
    });
    expect(screen.getByRole('img', { name: 'Mensagem de voz' })).toBeInTheDocument();
    expect(screen.getByTestId('audio-time')).toHaveTextContent('0:42');
    expect(screen.getByRole('slider', { name: 'Posição da mensagem de voz' })).toHaveAttribute(
      'aria-valuetext',
      '0:00 de 0:42',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reproduzir mensagem de voz' }));
    expect(play).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pausar mensagem de voz' })).toBeInTheDocument();
    const audio = container.querySelector('audio');
    expect(audio).toHaveAttribute('src', '/api/media/full');
    const speed = screen.getByRole('button', { name: 'Velocidade de reprodução: 1×' });
    await userEvent.click(speed);
    expect(speed).toHaveAccessibleName('Velocidade de reprodução: 1,5×');
    expect(audio?.playbackRate).toBe(1.5);
    await userEvent.click(speed);
    expect(audio?.playbackRate).toBe(2);
    await userEvent.click(speed);
    expect(speed).toHaveTextContent('1×');
    vi.restoreAllMocks();
  });

  it('an audio that is not a voice note has no mic mark; its duration comes from the file when unknown', () => {
    const { container } = bubble({ type: 'audio', media: media({ mimeType: 'audio/mpeg', durationMs: null }) });
    expect(screen.queryByRole('img', { name: 'Mensagem de voz' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reproduzir áudio' })).toBeInTheDocument();
    const audio = container.querySelector('audio');
    if (!audio) throw new Error('no audio');
    Object.defineProperty(audio, 'duration', { value: 75 });
    fireEvent.loadedMetadata(audio);
    expect(screen.getByTestId('audio-time')).toHaveTextContent('1:15');
  });

  it('a video plays in the browser’s player with the thumbnail as poster', () => {
    const { container } = bubble({ type: 'video', media: media({ mimeType: 'video/mp4' }), body: 'Veja' });
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('poster', '/api/media/thumb');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAccessibleName('Vídeo enviado por Maria');
    expect(screen.getByText('Veja')).toBeInTheDocument();
  });

  it('a document: icon by type, name, size in pt-BR and a download button', () => {
    bubble({
      type: 'document',
      media: media({ mimeType: 'application/pdf', fileName: 'boleto.pdf', size: 1.2 * MB, thumbnailUrl: null }),
      body: '',
    });
    const card = screen.getByTestId('document-card');
    expect(within(card).getByRole('img', { name: 'PDF' })).toBeInTheDocument();
    expect(card).toHaveTextContent('boleto.pdf');
    expect(card).toHaveTextContent('1,2 MB');
    const download = screen.getByRole('link', { name: 'Baixar boleto.pdf' });
    expect(download).toHaveAttribute('href', '/api/media/full?download=1');
    expect(download).toHaveAttribute('download', 'boleto.pdf');
  });

  it('a sticker is the image alone: no lightbox, no bubble', () => {
    bubble({ type: 'sticker', media: media({ mimeType: 'image/webp' }), body: '' });
    expect(screen.getByRole('img', { name: 'Figurinha enviada por Maria' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ampliar/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('message')).toHaveAttribute('data-type', 'sticker');
  });

  it('a location links to OpenStreetMap in a new tab', () => {
    bubble({
      type: 'location',
      body: '',
      location: { latitude: -23.5505, longitude: -46.6333, name: 'Loja Centro', address: 'Praça da Sé, São Paulo' },
    });
    expect(screen.getByText('Loja Centro')).toBeInTheDocument();
    expect(screen.getByText('Praça da Sé, São Paulo')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Abrir no mapa' });
    expect(link).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=-23.5505&mlon=-46.6333#map=17/-23.5505/-46.6333',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('a contact card: name, phones and "Iniciar conversa" searching the phone on the customers screen', async () => {
    const { router } = renderRoutes(
      [
        {
          path: '/',
          element: (
            <MessageBubble
              message={message(1, {
                type: 'contacts',
                body: '',
                contacts: [{ name: 'João Lima', phones: ['+5511987654321'], vcard: null }],
              })}
            />
          ),
        },
        { path: '/customers', element: <p>clientes</p> },
      ],
      '/',
    );
    expect(screen.getByText('João Lima')).toBeInTheDocument();
    expect(screen.getByText('+55 11 98765-4321')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Iniciar conversa com João Lima' }));
    expect(router.state.location.pathname).toBe('/customers');
    expect(router.state.location.search).toBe('?q=5511987654321');
  });

  it('an unknown type is said, never dropped', () => {
    bubble({ type: 'unsupported', body: '' });
    expect(screen.getByText('tipo de mensagem não suportado')).toBeInTheDocument();
  });

  it('media on its way, and media that could not be fetched', () => {
    const { unmount } = bubble({ type: 'image', media: media({ status: 'pending', url: null }), body: '' });
    expect(screen.getByText('carregando mídia…')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    unmount();
    bubble({
      type: 'audio',
      media: media({ status: 'failed', url: null, error: 'O provedor não entregou o arquivo.' }),
      body: '',
    });
    expect(screen.getByText('mídia indisponível')).toBeInTheDocument();
    expect(screen.getByText('O provedor não entregou o arquivo.')).toBeInTheDocument();
  });

  it('a deleted message says so; an edited one is marked', () => {
    const { unmount } = bubble({ type: 'image', media: null, body: '', revokedAt: '2026-11-23T12:05:00Z' });
    expect(screen.getByText('mensagem apagada')).toBeInTheDocument();
    unmount();
    bubble({ body: 'Chego às 15h', editedAt: '2026-11-23T12:06:00Z' });
    expect(screen.getByText('Chego às 15h')).toBeInTheDocument();
    expect(screen.getByText('editada')).toBeInTheDocument();
  });

  it('reactions show on the bubble with who reacted', () => {
    bubble(
      {
        reactions: [
          { emoji: '👍', from: 'customer', user: null },
          { emoji: '👍', from: 'agent', user: { id: 7, name: 'Alice' } },
          { emoji: '❤️', from: 'agent', user: { id: 8, name: 'Beto' } },
        ],
      },
      { viewerId: 7 },
    );
    const list = screen.getByRole('list', { name: 'Reações' });
    expect(within(list).getByRole('listitem', { name: '👍 de Maria, você' })).toHaveTextContent('👍2');
    expect(within(list).getByRole('listitem', { name: '❤️ de Beto' })).toHaveAttribute('title', '❤️ de Beto');
  });

  it('a reply shows what it quotes; a click goes there', async () => {
    const onJumpTo = vi.fn();
    bubble(
      {
        direction: 'out',
        body: 'Recebido, obrigado!',
        quoted: { id: 40, type: 'document', body: '', direction: 'in', fileName: 'boleto.pdf' },
      },
      { onJumpTo },
    );
    const quote = screen.getByTestId('quoted');
    expect(quote).toHaveTextContent('Maria');
    expect(quote).toHaveTextContent('boleto.pdf');
    await userEvent.click(screen.getByRole('button', { name: /^Ir para a mensagem citada:\s*Maria\s*boleto\.pdf$/ }));
    expect(onJumpTo).toHaveBeenCalledWith(40);
  });

  it('a quote of a message that is not stored is shown but leads nowhere', () => {
    bubble({ quoted: { id: null, type: 'image', body: '', direction: 'out', fileName: null } }, { onJumpTo: vi.fn() });
    expect(screen.getByTestId('quoted')).toHaveTextContent('VocêFoto');
    expect(screen.queryByRole('button', { name: /mensagem citada/ })).not.toBeInTheDocument();
  });
});

describe('the agent’s actions on a message', () => {
  it('"Responder" quotes the message; "Reagir" picks an emoji, or takes the own reaction back', async () => {
    const onReply = vi.fn();
    const onReact = vi.fn();
    const { unmount } = bubble({ body: 'Qual o prazo?' }, { onReply, onReact, viewerId: 7 });
    await userEvent.click(screen.getByRole('button', { name: 'Responder' }));
    expect(onReply).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    await userEvent.click(screen.getByRole('button', { name: 'Reagir' }));
    const picker = await screen.findByRole('dialog', { name: 'Escolha uma reação' });
    expect(within(picker).getAllByRole('button', { name: /^Reagir com/ })).toHaveLength(8);
    expect(within(picker).queryByRole('button', { name: 'Remover reação' })).not.toBeInTheDocument();
    await userEvent.click(within(picker).getByRole('button', { name: 'Reagir com 👍' }));
    expect(onReact).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1 }), '👍');

    unmount();
    bubble(
      { reactions: [{ emoji: '👍', from: 'agent', user: { id: 7, name: 'Alice' } }] },
      { onReply, onReact, viewerId: 7 },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reagir' }));
    const again = await screen.findByRole('dialog', { name: 'Escolha uma reação' });
    expect(within(again).getByRole('button', { name: 'Reagir com 👍' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(again).getByRole('button', { name: 'Remover reação' }));
    expect(onReact).toHaveBeenLastCalledWith(expect.objectContaining({ id: 1 }), '');
  });

  it('no actions for someone who may not write, nor on a note or a deleted message', () => {
    const { unmount } = bubble({ body: 'Oi' });
    expect(screen.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    unmount();
    const { unmount: again } = bubble({ kind: 'note', body: 'Transferido' }, { onReply: vi.fn(), onReact: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    again();
    bubble({ body: '', revokedAt: '2026-11-23T12:05:00Z' }, { onReply: vi.fn(), onReact: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Reagir' })).not.toBeInTheDocument();
  });
});
