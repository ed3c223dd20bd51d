/**
 * The search box of a server-searched list (users, tenants): a magnifier, a spinner while the
 * list is being fetched again, and otherwise a button that clears what was typed. It is labelled
 * by `aria-label` (the list's toolbar has no visible label for it).
 */
import { ActionIcon, Loader, TextInput, Tooltip, type TextInputProps } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';

export interface SearchFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'leftSection' | 'rightSection'> {
  /** Names the field for screen readers ("Buscar usuários"). */
  'aria-label': string;
  value: string;
  onValueChange: (value: string) => void;
  /** The list is being fetched for the current text: a spinner named "Buscando" instead of the clear button. */
  searching: boolean;
  /** Also shows the clear button's name as a tooltip on hover. */
  clearTooltip?: boolean;
}

const CLEAR_LABEL = 'Limpar a busca';

export function SearchField({ value, onValueChange, searching, clearTooltip = false, ...props }: SearchFieldProps) {
  const clear = (
    <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => onValueChange('')} aria-label={CLEAR_LABEL}>
      <IconX size={14} />
    </ActionIcon>
  );
  return (
    <TextInput
      {...props}
      leftSection={<IconSearch size={16} />}
      rightSection={
        searching ? (
          <Loader size={14} aria-label="Buscando" />
        ) : value ? (
          clearTooltip ? (
            <Tooltip label={CLEAR_LABEL}>{clear}</Tooltip>
          ) : (
            clear
          )
        ) : null
      }
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
    />
  );
}
