/**
 * Recipients from a spreadsheet (xlsx or CSV): the file goes to
 * `POST /api/campaigns/recipients/import` as it is (docs/campaigns.md) as soon as it is chosen; the
 * answer says how many rows were read, which columns became variables, and, row by row, why the
 * others were left out. "Remover arquivo" drops them all.
 */
import { Alert, Button, FileInput, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { errorMessage } from '../../../lib/api-errors';
import { IMPORT_ACCEPT, importContentType, useImportRecipients } from '../api/import-recipients';
import type { ImportResult } from '../api/schemas';
import { formatCount } from '../progress';

/** Row errors shown at most (the rest counted). */
const MAX_ERRORS_SHOWN = 50;

export interface RecipientsImportProps {
  value: ImportResult | null;
  onChange: (result: ImportResult | null) => void;
}

export function RecipientsImport({ value, onChange }: RecipientsImportProps) {
  const upload = useImportRecipients();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  function choose(next: File | null) {
    setFile(next);
    setError(null);
    onChange(null);
    if (next === null) return;
    if (importContentType(next) === null) {
      setError('Escolha um arquivo .xlsx ou .csv.');
      return;
    }
    upload.mutate(next, {
      onSuccess: (result) => onChange(result),
      onError: (failure) => setError(errorMessage(failure)),
    });
  }

  return (
    <Stack gap="xs">
      <FileInput
        label="Arquivo de contatos"
        description="Planilha .xlsx ou .csv com uma coluna de telefone; nome e outras colunas viram variáveis."
        placeholder="Escolher arquivo"
        accept={IMPORT_ACCEPT}
        leftSection={<IconFileSpreadsheet size={16} />}
        value={file}
        onChange={choose}
        clearable
        clearButtonProps={{ 'aria-label': 'Remover arquivo' }}
        // Mantine's placeholder grey is 2.1:1 on white (WCAG AA asks 4.5:1).
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        error={error}
        disabled={upload.isPending}
      />
      {upload.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          Lendo o arquivo…
        </Text>
      ) : null}
      {value ? (
        <Paper withBorder radius="sm" p="sm" role="status" data-testid="import-result">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {formatCount(value.contacts.length)} {value.contacts.length === 1 ? 'contato lido' : 'contatos lidos'}
                {value.errors.length > 0
                  ? `, ${formatCount(value.errors.length)} ${value.errors.length === 1 ? 'linha com problema' : 'linhas com problema'}`
                  : ''}
              </Text>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => choose(null)}
              >
                Remover arquivo
              </Button>
            </Group>
            {value.columns.length > 0 ? (
              <Text size="xs" c="dimmed">
                Colunas que viram variáveis: {value.columns.map((column) => `{{${column}}}`).join(', ')}
              </Text>
            ) : null}
            {value.errors.length > 0 ? (
              <Alert color="orange" variant="light" p="xs" title="Linhas deixadas de fora">
                <ScrollRegion label="Linhas com problema" minWidth={280}>
                  <Table verticalSpacing={2} aria-label="Linhas com problema">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={70}>Linha</Table.Th>
                        <Table.Th>Problema</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {value.errors.slice(0, MAX_ERRORS_SHOWN).map((rowError) => (
                        <Table.Tr key={`${rowError.row}-${rowError.message}`}>
                          <Table.Td>{rowError.row}</Table.Td>
                          <Table.Td>{rowError.message}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollRegion>
                {value.errors.length > MAX_ERRORS_SHOWN ? (
                  <Text size="xs" mt={4}>
                    E mais {formatCount(value.errors.length - MAX_ERRORS_SHOWN)} linhas.
                  </Text>
                ) : null}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
