import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { ApiError } from '../lib/http';
import type { AttachedFile, AttachmentUploadOptions, UploadedMedia } from '../lib/media-upload';
import { AttachmentField } from './AttachmentField';

interface Pending {
  file: File;
  options: AttachmentUploadOptions;
  resolve: (media: UploadedMedia) => void;
  reject: (error: unknown) => void;
}

function harness(initial: AttachedFile | null = null) {
  const pending: Pending[] = [];
  const upload = vi.fn(
    (file: File, options: AttachmentUploadOptions) =>
      new Promise<UploadedMedia>((resolve, reject) => {
        pending.push({ file, options, resolve, reject });
        options.signal?.addEventListener('abort', () => reject(new DOMException('Envio cancelado.', 'AbortError')));
      }),
  );
  const changes = vi.fn();
  const uploading = vi.fn();
  function Field() {
    const [value, setValue] = useState<AttachedFile | null>(initial);
    return (
      <AttachmentField
        label="Arquivo (opcional)"
        description="A mensagem vai como legenda do arquivo."
        value={value}
        onChange={(file) => {
          changes(file);
          setValue(file);
        }}
        upload={upload}
        onUploadingChange={uploading}
      />
    );
  }
  renderWithProviders(<Field />);
  return { pending, upload, changes, uploading };
}

function picker(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('AttachmentField', () => {
  it('uploads the picked file with its progress, then shows it with "Remover" (focused)', async () => {
    const user = userEvent.setup();
    const { pending, changes, uploading } = harness();
    expect(screen.getByRole('group', { name: 'Arquivo (opcional)' })).toBeInTheDocument();
    const file = new File(['%PDF'], 'tabela.pdf', { type: 'application/pdf' });
    await user.upload(picker(), file);
    expect(pending[0]?.file).toBe(file);
    expect(uploading).toHaveBeenLastCalledWith(true);
    pending[0]?.options.onProgress?.({ loaded: 3, total: 4 });
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Enviando tabela.pdf' })).toHaveAttribute('aria-valuenow', '75'),
    );
    pending[0]?.resolve({
      id: 31,
      type: 'document',
      mimeType: 'application/pdf',
      fileName: 'tabela.pdf',
      size: 1_258_291,
    });
    const attached = await screen.findByTestId('attached-file');
    expect(attached).toHaveTextContent('tabela.pdf');
    expect(attached).toHaveTextContent('PDF · 1,2 MB');
    expect(screen.getByRole('img', { name: 'PDF' })).toBeInTheDocument();
    expect(changes).toHaveBeenLastCalledWith({
      mediaId: 31,
      fileName: 'tabela.pdf',
      size: 1_258_291,
      mimeType: 'application/pdf',
    });
    expect(uploading).toHaveBeenLastCalledWith(false);
    const remove = screen.getByRole('button', { name: 'Remover arquivo tabela.pdf' });
    await waitFor(() => expect(remove).toHaveFocus());

    await user.click(remove);
    expect(changes).toHaveBeenLastCalledWith(null);
    const attach = screen.getByRole('button', { name: 'Anexar arquivo' });
    await waitFor(() => expect(attach).toHaveFocus());
  });

  it('shows the server’s refusal and lets another file be picked', async () => {
    const user = userEvent.setup();
    const { pending, changes } = harness();
    await user.upload(picker(), new File(['x'], 'filme.mkv'));
    pending[0]?.reject(new ApiError(422, 'media_type_not_allowed', 'Este tipo de arquivo não pode ser enviado.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este tipo de arquivo não pode ser enviado.');
    const attach = screen.getByRole('button', { name: 'Anexar arquivo' });
    expect(attach).toHaveAttribute('aria-invalid', 'true');
    expect(changes).not.toHaveBeenCalled();
    await user.upload(picker(), new File(['x'], 'foto.png', { type: 'image/png' }));
    expect(pending).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('"Cancelar" stops the upload and attaches nothing', async () => {
    const user = userEvent.setup();
    const { pending, changes, uploading } = harness();
    await user.upload(picker(), new File(['x'], 'grande.mp4'));
    await user.click(screen.getByRole('button', { name: 'Cancelar o envio de grande.mp4' }));
    expect(pending[0]?.options.signal?.aborted).toBe(true);
    await waitFor(() => expect(uploading).toHaveBeenLastCalledWith(false));
    expect(screen.getByRole('button', { name: 'Anexar arquivo' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(changes).not.toHaveBeenCalled();
  });

  it('a file read back from the server shows by its name', () => {
    harness({ mediaId: 5, fileName: 'promo.png' });
    expect(screen.getByTestId('attached-file')).toHaveTextContent('promo.pngImagem');
    expect(screen.queryByRole('button', { name: 'Anexar arquivo' })).not.toBeInTheDocument();
  });
});
