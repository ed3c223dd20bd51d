import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TagRef } from '../lib/tags';
import { renderRoutes } from '../testing/render';
import { TagBadges } from './TagBadge';
import { TagPicker } from './TagPicker';

const TAGS: TagRef[] = [
  { id: 1, name: 'Urgente', color: '#fa5252' },
  { id: 2, name: 'Orçamento', color: '#fab005' },
  { id: 3, name: 'Pós-venda', color: '#40c057' },
];

function renderPicker(selected: TagRef[], onChange = vi.fn(), extra: { manageHref?: string | null } = {}) {
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <TagPicker
            tags={TAGS}
            selected={selected}
            onChange={onChange}
            label="Etiquetas do atendimento"
            manageHref={extra.manageHref ?? null}
          />
        ),
      },
    ],
    '/',
  );
  return onChange;
}

describe('TagPicker', () => {
  it('lists the tags by name with their state; choosing one puts it on or takes it off', async () => {
    const user = userEvent.setup();
    const onChange = renderPicker([TAGS[0] as TagRef]);
    const button = screen.getByRole('button', { name: 'Etiquetas do atendimento' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('listbox', { name: 'Etiquetas do atendimento' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Orçamento', 'Pós-venda', 'Urgente']);
    expect(options.map((option) => option.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    // The search takes the focus.
    expect(screen.getByRole('textbox', { name: 'Buscar etiqueta' })).toHaveFocus();

    await user.click(within(list).getByRole('option', { name: 'Orçamento' }));
    expect(onChange).toHaveBeenLastCalledWith({ add: [2], remove: [] });
    await user.click(within(list).getByRole('option', { name: 'Urgente' }));
    expect(onChange).toHaveBeenLastCalledWith({ add: [], remove: [1] });
  });

  it('searches whatever the accents and case, and toggles with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = renderPicker([]);
    await user.click(screen.getByRole('button', { name: 'Etiquetas do atendimento' }));
    await user.type(screen.getByRole('textbox', { name: 'Buscar etiqueta' }), 'pos');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pós-venda']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ add: [3], remove: [] });
    await user.clear(screen.getByRole('textbox', { name: 'Buscar etiqueta' }));
    await user.type(screen.getByRole('textbox', { name: 'Buscar etiqueta' }), 'xyz');
    expect(screen.getByText('Nenhuma etiqueta encontrada.')).toBeInTheDocument();
  });

  it('offers the tags screen to whoever keeps the tags', async () => {
    const user = userEvent.setup();
    renderPicker([], vi.fn(), { manageHref: '/tags' });
    await user.click(screen.getByRole('button', { name: 'Etiquetas do atendimento' }));
    expect(await screen.findByRole('link', { name: 'Gerenciar etiquetas' })).toHaveAttribute('href', '/tags');
  });
});

describe('TagBadges', () => {
  it('shows at most `max` badges, the rest as "+n" named for screen readers', () => {
    renderRoutes([{ path: '/', element: <TagBadges tags={TAGS} max={2} label="Etiquetas" /> }], '/');
    const list = screen.getByRole('list', { name: 'Etiquetas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Urgente');
    expect(items[2]).toHaveTextContent('+1');
    expect(items[2]).toHaveTextContent('e mais 1 etiqueta: Pós-venda');
    // Text on the tag's colour: black on yellow, white on red.
    expect(within(list).getByText('Orçamento').closest('[data-tag-id]')).toHaveStyle({ color: '#000000' });
  });

  it('renders nothing without tags', () => {
    const { container } = renderRoutes([{ path: '/', element: <TagBadges tags={[]} label="Etiquetas" /> }], '/');
    expect(container.querySelector('ul')).toBeNull();
  });
});
