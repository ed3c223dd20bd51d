import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn } from '../../../testing/fixtures';
import { nthXhr, stubXhr } from '../../../testing/fake-xhr';
import { renderWithProviders } from '../../../testing/render';
import { Composer } from '../components/Composer';

class FakeRecorder {
  static supported = true;
  static isTypeSupported = (type: string) => FakeRecorder.supported && type === 'audio/webm;codecs=opus';
  static last: FakeRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: unknown, options: { mimeType: string }) {
    this.mimeType = options.mimeType;
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['opus-bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

let now = 1_000_000;
const stopTrack = vi.fn();
const getUserMedia = vi.fn();

beforeEach(() => {
  logIn();
  stubXhr();
  FakeRecorder.supported = true;
  FakeRecorder.last = null;
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  getUserMedia.mockReset().mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:voz'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function mic() {
  return screen.getByRole('button', { name: /Gravar mensagem de voz|Parar gravação/ });
}

describe('recording a voice note', () => {
  it('Space starts and stops; the time shows; the recording is heard before it is sent as a voice note', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Composer ticketId={6} onSend={onSend} />);
    screen.getByRole('button', { name: 'Gravar mensagem de voz' }).focus();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Parar gravação' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(FakeRecorder.last?.mimeType).toBe('audio/webm;codecs=opus');
    expect(screen.getByTestId('recording-time')).toHaveTextContent('0:00');
    now += 7_000;
    await waitFor(() => expect(screen.getByTestId('recording-time')).toHaveTextContent('0:07'));

    await user.keyboard(' ');
    const item = await screen.findByTestId('pending-file');
    expect(item).toHaveTextContent('Mensagem de voz');
    expect(screen.getByLabelText('Prévia da mensagem de voz')).toHaveAttribute('src', 'blob:voz');
    expect(stopTrack).toHaveBeenCalled();
    expect(onSend).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const xhr = await nthXhr(1);
    expect(xhr.url).toBe('/api/tickets/6/media?fileName=voz.webm&voice=true');
    expect((xhr.body as Blob).type).toBe('audio/webm;codecs=opus');
    xhr.respond(201, {
      id: 77,
      type: 'audio',
      mimeType: 'audio/ogg; codecs=opus',
      size: 10,
      voice: true,
      durationMs: 7000,
    });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('', expect.objectContaining({ mediaId: 77, voice: true })));
  });

  it('records Ogg/Opus where the browser has no WebM', async () => {
    FakeRecorder.supported = false;
    renderWithProviders(<Composer ticketId={6} onSend={vi.fn()} />);
    mic().focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(FakeRecorder.last?.mimeType).toBe('audio/ogg;codecs=opus'));
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Enviar' }));
    expect((await nthXhr(1)).url).toContain('fileName=voz.ogg&voice=true');
  });

  it('holding records until let go; sliding off cancels', async () => {
    renderWithProviders(<Composer ticketId={6} onSend={vi.fn()} />);
    fireEvent.pointerDown(mic(), { button: 0 });
    await waitFor(() => expect(screen.getByTestId('recording-time')).toBeInTheDocument());
    now += 2_000;
    fireEvent.pointerUp(mic());
    expect(await screen.findByTestId('pending-file')).toHaveTextContent('Mensagem de voz');

    fireEvent.pointerDown(mic(), { button: 0 });
    await waitFor(() => expect(screen.getByTestId('recording-time')).toBeInTheDocument());
    now += 2_000;
    fireEvent.pointerLeave(mic());
    await waitFor(() => expect(screen.queryByTestId('recording-time')).not.toBeInTheDocument());
    // Still only the first recording.
    expect(screen.getAllByTestId('pending-file')).toHaveLength(1);
  });

  it('sliding off while the microphone is still opening records nothing and lets it go', async () => {
    let open: (stream: unknown) => void = () => {};
    getUserMedia.mockReturnValue(new Promise((resolve) => (open = resolve)));
    renderWithProviders(<Composer ticketId={6} onSend={vi.fn()} />);
    fireEvent.pointerDown(mic(), { button: 0 });
    fireEvent.pointerLeave(mic());
    stopTrack.mockClear();
    await act(async () => {
      open({ getTracks: () => [{ stop: stopTrack }] });
      await Promise.resolve();
    });
    expect(stopTrack).toHaveBeenCalled();
    expect(FakeRecorder.last).toBeNull();
    expect(screen.queryByTestId('recording-time')).not.toBeInTheDocument();
  });

  it('"Cancelar gravação" throws the recording away', async () => {
    renderWithProviders(<Composer ticketId={6} onSend={vi.fn()} />);
    mic().focus();
    await userEvent.keyboard(' ');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar gravação' }));
    expect(screen.queryByTestId('pending-file')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gravar mensagem de voz' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('a refused microphone is explained', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    renderWithProviders(<Composer ticketId={6} onSend={vi.fn()} />);
    mic().focus();
    await act(() => userEvent.keyboard(' '));
    expect(await screen.findByRole('alert')).toHaveTextContent('Permita o uso do microfone para gravar áudio.');
    expect(screen.getByRole('button', { name: 'Gravar mensagem de voz' })).toBeInTheDocument();
  });
});
