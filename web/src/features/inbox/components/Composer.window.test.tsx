import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { messageTemplate } from '../../../testing/messages';
import { renderWithProviders } from '../../../testing/render';
import { serviceWindow } from '../window';
import { Composer, WINDOW_CLOSED_HINT } from './Composer';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const open = serviceWindow('2026-11-23T20:00:00Z', NOW);
const closed = serviceWindow('2026-11-23T11:00:00Z', NOW);

describe('the composer and the 24-hour window', () => {
  beforeEach(() => {
    logIn();
    // A browser that can record: the microphone shows where text may be sent.
    vi.stubGlobal('MediaRecorder', class {});
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn() }, configurable: true });
    stubFetch({
      'GET /api/media/limits': () => json({ limits: [] }),
      'GET /api/templates': () => json([messageTemplate(3)]),
      // The picker's "Resposta rápida": no reply with a template on these tickets.
      'GET /api/tickets/1/quick-replies': () => json([]),
      'GET /api/tickets/2/quick-replies': () => json([]),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('once the window has closed, shows the template picker instead of the text box, files and voice', async () => {
    renderWithProviders(
      <Composer ticketId={1} instanceId={1} onSend={vi.fn()} serviceWindow={closed} onSendTemplate={vi.fn()} />,
    );
    expect(screen.getByText(WINDOW_CLOSED_HINT)).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('combobox', { name: 'Modelo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar modelo' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anexar arquivos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gravar mensagem de voz' })).not.toBeInTheDocument();
    // Nothing but templates: no way back to text.
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
  });

  it('while the window is open, "Modelo" opens the picker and "Cancelar" goes back to the draft', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Composer ticketId={2} instanceId={1} onSend={vi.fn()} serviceWindow={open} onSendTemplate={vi.fn()} />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), 'Olá');
    await user.click(screen.getByRole('button', { name: 'Modelo' }));
    expect(await screen.findByRole('combobox', { name: 'Modelo' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).not.toBeInTheDocument();
    expect(screen.queryByText(WINDOW_CLOSED_HINT)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toHaveValue('Olá');
  });

  it('changes nothing for a number without the window', () => {
    renderWithProviders(<Composer ticketId={3} instanceId={1} onSend={vi.fn()} onSendTemplate={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anexar arquivos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gravar mensagem de voz' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modelo' })).not.toBeInTheDocument();
  });
});
