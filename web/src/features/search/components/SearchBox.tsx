/**
 * The search field (a `search` landmark): what is typed is searched after a pause, or at once with
 * Enter or "Buscar"; a spinner while the results load, a button that clears the field. Too short
 * on Enter says so under the field.
 */
import { Box, Button, CloseButton, Group, Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { MAX_QUERY_LENGTH, MIN_QUERY_LENGTH } from '../query';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter or "Buscar". */
  onSubmit: () => void;
  onClear: () => void;
  /** The results of what was typed are being read. */
  searching: boolean;
  /** Enter with fewer than `MIN_QUERY_LENGTH` characters. */
  tooShort: boolean;
}

export function SearchBox({ value, onChange, onSubmit, onClear, searching, tooShort }: SearchBoxProps) {
  return (
    <form
      role="search"
      aria-label="Buscar mensagens"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TextInput
        label="Palavras da mensagem"
        description="Todas as palavras precisam estar na mensagem; acentos e maiúsculas não importam."
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          searching ? (
            <Loader size={14} aria-label="Buscando" />
          ) : value ? (
            <CloseButton size="sm" aria-label="Limpar a busca" onClick={onClear} />
          ) : null
        }
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        maxLength={MAX_QUERY_LENGTH}
        error={tooShort ? `Digite ao menos ${MIN_QUERY_LENGTH} caracteres.` : undefined}
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        maw={720}
        // "Buscar" beside the input itself, under the label and description, above an error.
        inputContainer={(input) => (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Box flex={1} miw={0}>
              {input}
            </Box>
            <Button type="submit" flex="none">
              Buscar
            </Button>
          </Group>
        )}
      />
    </form>
  );
}
