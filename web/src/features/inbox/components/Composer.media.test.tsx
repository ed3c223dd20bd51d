import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { nthXhr, stubXhr } from '../../../testing/fake-xhr';
import { renderWithProviders } from '../../../testing/render';
import { message } from '../test-data';
import { Composer, type SendExtra } from './Composer';

const MB = 1024 * 1024;

function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function attach(...files: File[]) {
  await userEvent.upload(screen.getByTestId('file-picker'), files);
}

describe('the composer’s files', () => {
  beforeEach(() => {
    logIn();
    stubXhr();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks each file against the channel’s limits before uploading, in the server’s words', async () => {
    stubFetch({
      'GET /api/media/limits': () =>
        json({
          limits: [
            { type: 'image', mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
            { type: 'video', mimeTypes: ['video/mp4'], maxBytes: 10 * MB },
          ],
        }),
    });
    renderWithProviders(<Composer ticketId={1} instanceId={3} onSend={vi.fn()} />);
    await attach(sized('festa.mp4', 'video/mp4', 11 * MB), sized('planilha.xlsx', 'application/vnd.ms-excel', MB));
    const items = screen.getAllByTestId('pending-file');
    await waitFor(() => expect(items[0]).toHaveTextContent('Vídeo acima de 10 MB.'));
    // This channel takes no documents.
    expect(items[1]).toHaveTextContent('Este tipo de arquivo não pode ser enviado por esta conexão');
    // Nothing to send: no upload starts.
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });

  it('falls back to WhatsApp’s table when the limits cannot be read', async () => {
    stubFetch({ 'GET /api/media/limits': () => json({ code: 'server_error', message: 'x' }, 500) });
    renderWithProviders(<Composer ticketId={1} instanceId={3} onSend={vi.fn()} />);
    await attach(sized('festa.mp4', 'video/mp4', 17 * MB), sized('foto.png', 'image/png', 6 * MB));
    const items = screen.getAllByTestId('pending-file');
    expect(items[0]).toHaveTextContent('Vídeo acima de 16 MB.');
    expect(items[1]).toHaveTextContent('Imagem acima de 5 MB.');
  });

  it('uploads with a progress bar, then sends the message with the caption; the text goes after it', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Composer ticketId={9} onSend={onSend} />);
    await attach(sized('boleto.pdf', 'application/pdf', 2 * MB));
    await user.type(screen.getByRole('textbox', { name: 'Legenda de boleto.pdf' }), 'Segunda via');
    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'Qualquer dúvida, avise.');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    const xhr = await nthXhr(1);
    expect(xhr.url).toBe('/api/tickets/9/media?fileName=boleto.pdf');
    expect(xhr.headers.Authorization).toMatch(/^Bearer /);
    xhr.progress(MB, 2 * MB);
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
    expect(onSend).not.toHaveBeenCalled();

    xhr.respond(201, { id: 31, type: 'document', mimeType: 'application/pdf', fileName: 'boleto.pdf', size: 2 * MB });
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
    const [caption, extra] = onSend.mock.calls[0] as [string, SendExtra];
    expect(caption).toBe('Segunda via');
    expect(extra.mediaId).toBe(31);
    expect(extra.preview?.type).toBe('document');
    expect(onSend).toHaveBeenNthCalledWith(2, 'Qualquer dúvida, avise.');
    expect(screen.queryByTestId('pending-file')).not.toBeInTheDocument();
  });

  it('several files go one after the other, one message each', async () => {
    const onSend = vi.fn();
    renderWithProviders(<Composer ticketId={9} onSend={onSend} />);
    await attach(sized('a.jpg', 'image/jpeg', MB), sized('b.jpg', 'image/jpeg', MB));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    (await nthXhr(1)).respond(201, { id: 1, type: 'image', mimeType: 'image/jpeg', fileName: 'a.jpg', size: MB });
    (await nthXhr(2)).respond(201, { id: 2, type: 'image', mimeType: 'image/jpeg', fileName: 'b.jpg', size: MB });
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
    expect(onSend.mock.calls.map((call) => (call[1] as { mediaId: number }).mediaId)).toEqual([1, 2]);
  });

  it('the server’s refusal shows under the file, which stays to be removed or sent again', async () => {
    const onSend = vi.fn();
    renderWithProviders(<Composer ticketId={9} onSend={onSend} />);
    await attach(sized('foto.jpg', 'image/jpeg', MB));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    (await nthXhr(1)).respond(422, {
      code: 'media_invalid',
      message: 'A imagem é grande demais para abrir (20000 × 20000).',
    });
    const item = await screen.findByTestId('pending-file');
    await waitFor(() =>
      expect(within(item).getByRole('alert')).toHaveTextContent('A imagem é grande demais para abrir (20000 × 20000).'),
    );
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Remover foto.jpg' }));
    expect(screen.queryByTestId('pending-file')).not.toBeInTheDocument();
  });

  it('a pasted image joins the tray', async () => {
    renderWithProviders(<Composer ticketId={9} onSend={vi.fn()} />);
    const image = sized('print.png', 'image/png', 1000);
    fireEvent.paste(screen.getByRole('textbox', { name: 'Mensagem' }), { clipboardData: { files: [image] } });
    expect(await screen.findByTestId('pending-file')).toHaveTextContent('print.png');
  });
});

describe('replying', () => {
  it('shows the message being answered, quotes it in the next message, and can be cancelled', async () => {
    const onSend = vi.fn();
    const onCancelReply = vi.fn();
    const quoted = message(5, { body: 'Qual o prazo de entrega?' });
    const { unmount } = renderWithProviders(
      <Composer ticketId={4} onSend={onSend} replyTo={quoted} onCancelReply={onCancelReply} customerName="Maria" />,
    );
    expect(screen.getByTestId('quoted')).toHaveTextContent('MariaQual o prazo de entrega?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'Amanhã.{Enter}');
    const [body, extra] = onSend.mock.calls[0] as [string, SendExtra];
    expect(body).toBe('Amanhã.');
    expect(extra.quotedMessageId).toBe(5);
    expect(extra.preview?.quoted?.id).toBe(5);
    expect(onCancelReply).toHaveBeenCalled();
    unmount();
    renderWithProviders(<Composer ticketId={4} onSend={onSend} replyTo={quoted} onCancelReply={onCancelReply} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar resposta' }));
    expect(onCancelReply).toHaveBeenCalledTimes(2);
  });
});
