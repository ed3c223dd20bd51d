import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { messageTemplate } from '../../../testing/messages';
import { renderWithProviders } from '../../../testing/render';
import { ApiError } from '../../../lib/http';
import { TemplatePicker } from './TemplatePicker';

const shipped = messageTemplate(3);
const pending = messageTemplate(4, { name: 'promo_natal', status: 'PENDING', category: 'MARKETING' });
const code = messageTemplate(5, {
  name: 'codigo_acesso',
  category: 'AUTHENTICATION',
  header: null,
  footer: null,
  body: 'Seu código é {{1}}.',
  parameters: [{ index: 1, example: null }],
});

function serve(templates: unknown[]) {
  return stubFetch({ 'GET /api/templates': () => json(templates) });
}

async function choose(name: RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Modelo' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

/** The serious and critical violations axe finds (jsdom draws nothing: no colour contrast). */
async function seriousViolations(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

describe('the template picker', () => {
  beforeEach(() => logIn());
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the approved templates of the instance, with language and category', async () => {
    const { fetchMock } = serve([shipped, pending, code]);
    renderWithProviders(<TemplatePicker instanceId={1} onSend={vi.fn()} />);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Modelo' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'pedido_enviado_3pt_BRUtilidade',
      'codigo_acessopt_BRAutenticação',
    ]);
    expect(requestUrl(fetchMock.mock.calls[0]?.[0])).toBe('/api/templates?instanceId=1');
  });

  it('previews the filled body and keeps "Enviar modelo" disabled until every parameter is filled', async () => {
    serve([shipped]);
    const user = userEvent.setup();
    const { container } = renderWithProviders(<TemplatePicker instanceId={1} onSend={vi.fn()} />);
    await screen.findByRole('combobox', { name: 'Modelo' });
    expect(screen.getByRole('button', { name: 'Enviar modelo' })).toBeDisabled();
    await choose(/^pedido_enviado_3/);

    const first = screen.getByRole('textbox', { name: 'Parâmetro {{1}}' });
    const second = screen.getByRole('textbox', { name: 'Parâmetro {{2}}' });
    expect(first).toHaveAttribute('placeholder', 'Maria');
    expect(second).toHaveAttribute('placeholder', '#1234');
    const preview = screen.getByRole('group', { name: 'Prévia' });
    expect(preview).toHaveTextContent('Seu pedidoOlá {{1}}, seu pedido {{2}} saiu para entrega.Loja Exemplo');
    expect(
      within(preview)
        .getAllByText(/^\{\{\d\}\}$/)
        .map((mark) => mark.tagName),
    ).toEqual(['MARK', 'MARK']);

    await user.type(first, 'Joana');
    expect(preview).toHaveTextContent('Olá Joana, seu pedido {{2}} saiu para entrega.');
    expect(screen.getByRole('button', { name: 'Enviar modelo' })).toBeDisabled();
    await user.type(second, '   ');
    expect(screen.getByRole('button', { name: 'Enviar modelo' })).toBeDisabled();
    await user.type(second, '#987');
    expect(preview).toHaveTextContent('Olá Joana, seu pedido #987 saiu para entrega.');
    expect(screen.getByRole('button', { name: 'Enviar modelo' })).toBeEnabled();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('sends the template with its parameters in order, trimmed, then starts over', async () => {
    serve([shipped]);
    const onSend = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TemplatePicker instanceId={1} onSend={onSend} onClose={onClose} />);
    await screen.findByRole('combobox', { name: 'Modelo' });
    await choose(/^pedido_enviado_3/);
    await user.type(screen.getByRole('textbox', { name: 'Parâmetro {{1}}' }), ' Joana ');
    await user.type(screen.getByRole('textbox', { name: 'Parâmetro {{2}}' }), '#987{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSend).toHaveBeenCalledWith(
      { id: 3, parameters: ['Joana', '#987'] },
      'Olá Joana, seu pedido #987 saiu para entrega.',
    );
    expect(screen.queryByRole('textbox', { name: 'Parâmetro {{1}}' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a parameter next to it, keeping what was typed', async () => {
    serve([shipped]);
    const refusal = new ApiError(422, 'template_parameters', 'Preencha os parâmetros do modelo.', [
      { field: 'template.parameters[1]', message: 'O parâmetro {{2}} não pode ter quebras de linha.' },
    ]);
    const onSend = vi.fn(() => Promise.reject(refusal));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<TemplatePicker instanceId={1} onSend={onSend} onClose={onClose} />);
    await screen.findByRole('combobox', { name: 'Modelo' });
    await choose(/^pedido_enviado_3/);
    await user.type(screen.getByRole('textbox', { name: 'Parâmetro {{1}}' }), 'Joana');
    await user.type(screen.getByRole('textbox', { name: 'Parâmetro {{2}}' }), '#987');
    await user.click(screen.getByRole('button', { name: 'Enviar modelo' }));

    const second = screen.getByRole('textbox', { name: 'Parâmetro {{2}}' });
    await waitFor(() => expect(second).toHaveAccessibleDescription('O parâmetro {{2}} não pode ter quebras de linha.'));
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveValue('#987');
    expect(screen.getByRole('textbox', { name: 'Parâmetro {{1}}' })).toHaveValue('Joana');
    expect(onClose).not.toHaveBeenCalled();
    // Typing again takes the message away.
    await user.type(second, '0');
    expect(second).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says a template no longer approved in the server’s words', async () => {
    serve([code]);
    const onSend = vi.fn(() =>
      Promise.reject(new ApiError(422, 'template_not_approved', 'Este modelo não está aprovado pela Meta.')),
    );
    const user = userEvent.setup();
    renderWithProviders(<TemplatePicker instanceId={1} onSend={onSend} />);
    await screen.findByRole('combobox', { name: 'Modelo' });
    await choose(/^codigo_acesso/);
    await user.type(screen.getByRole('textbox', { name: 'Parâmetro {{1}}' }), '4321');
    await user.click(screen.getByRole('button', { name: 'Enviar modelo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este modelo não está aprovado pela Meta.');
  });

  it('says so when the number has no approved template', async () => {
    serve([pending]);
    const { container } = renderWithProviders(<TemplatePicker instanceId={1} onSend={vi.fn()} />);
    expect(
      await screen.findByText(
        'Nenhum modelo aprovado para este número. Um administrador pode sincronizar os modelos em Instâncias.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Modelo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar modelo' })).not.toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
