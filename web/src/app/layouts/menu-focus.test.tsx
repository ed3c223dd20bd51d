import { Button, Menu, Modal } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { useMenuFocusReturn } from './menu-focus';

function RowActions() {
  useMenuFocusReturn();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Menu>
        <Menu.Target>
          <Button>Ações de Ana</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setOpened(true)}>Editar</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Editar usuário">
        <Button onClick={() => setOpened(false)}>Cancelar</Button>
      </Modal>
    </>
  );
}

// WCAG 2.4.3: closing a dialog opened from a menu puts the focus back on the menu's button.
describe('useMenuFocusReturn', () => {
  it('returns the focus to the menu button after a dialog the menu opened', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RowActions />);
    const button = screen.getByRole('button', { name: 'Ações de Ana' });
    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuário' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });
});
