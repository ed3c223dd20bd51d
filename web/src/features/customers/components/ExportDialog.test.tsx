import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { customer, CUSTOMERS, page } from '../test-data';
import { ExportDialog } from './ExportDialog';

/** The files handed to the browser: their name and text. */
let saved: { name: string; blob: Blob }[] = [];

describe('ExportDialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    logIn(['customers']);
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:clientes');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: new Blob() });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('exports the search, says how many rows the file holds', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/customers': () => json(page(CUSTOMERS)) });
    renderWithProviders(<ExportDialog opened search="silva" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Exportar clientes' });
    expect(dialog).toHaveTextContent('Baixa os clientes da busca “silva” num arquivo CSV');
    expect(dialog).toHaveTextContent('Até 10.000 clientes por arquivo.');
    await user.click(within(dialog).getByRole('button', { name: 'Exportar CSV' }));
    expect(await within(dialog).findByText('Arquivo baixado')).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/clientes-silva-\d{4}-\d{2}-\d{2}\.csv: 3 clientes\./);
    expect(saved.map((file) => file.name)).toEqual([expect.stringMatching(/^clientes-silva-/)]);
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });

  it('stops at 10 000 customers and says how to get the rest', async () => {
    const user = userEvent.setup();
    let next = 0;
    const { callsTo } = stubFetch({
      'GET /api/customers': () => {
        const rows = Array.from({ length: 100 }, () => customer({ id: (next += 1) }));
        return json(page(rows, `c${next}`));
      },
    });
    renderWithProviders(<ExportDialog opened search="" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Exportar clientes' });
    await user.click(within(dialog).getByRole('button', { name: 'Exportar CSV' }));
    expect(
      await within(dialog).findByText('Exportação limitada a 10.000 clientes', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('10.000 clientes mais recentes, mas há mais clientes cadastrados');
    expect(dialog).toHaveTextContent('Refine a busca por nome ou telefone');
    expect(callsTo('GET /api/customers')).toHaveLength(100);
    expect(saved).toHaveLength(1);
  });

  it('shows the progress, and says why it failed with "Tentar novamente"', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const { callsTo } = stubFetch({
      'GET /api/customers': [
        () => json(page(CUSTOMERS, 'c2')),
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(json({ code: 'invalid_cursor', message: 'Cursor inválido.' }, 422));
          }),
        () => json(page(CUSTOMERS)),
      ],
    });
    renderWithProviders(<ExportDialog opened search="" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Exportar clientes' });
    await user.click(within(dialog).getByRole('button', { name: 'Exportar CSV' }));
    expect(await within(dialog).findByText('3 clientes lidos…')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Lendo os clientes' })).toBeInTheDocument();
    release();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cursor inválido.');
    expect(saved).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(dialog).findByText('Arquivo baixado')).toBeInTheDocument();
    expect(callsTo('GET /api/customers')).toHaveLength(3);
  });

  it('cancelling stops reading and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    stubFetch({ 'GET /api/customers': () => new Promise<Response>(() => undefined) });
    renderWithProviders(<ExportDialog opened search="" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Exportar clientes' });
    await user.click(within(dialog).getByRole('button', { name: 'Exportar CSV' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved).toHaveLength(0);
  });
});
