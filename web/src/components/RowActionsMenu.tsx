/**
 * The actions of one row of a list: a "⋯" button named after the row ("Ações de Ana") that opens
 * a menu of `Menu.Item`s. The same menu serves the row of the desktop table and the phone's card.
 */
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface RowActionsMenuProps {
  /** The button's accessible name, naming the row. */
  label: string;
  /** `Menu.Item`s and `Menu.Divider`s. */
  children: ReactNode;
}

export function RowActionsMenu({ label, children }: RowActionsMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
