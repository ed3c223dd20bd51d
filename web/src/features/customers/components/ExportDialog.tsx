/**
 * "Exportar CSV" (../export.ts): the customers matching the list's search and tag filter, read page
 * after page in the browser, at most 10 000 (EXPORT_LIMIT). While it runs: how many were read and
 * "Cancelar"; then the file is saved and the dialog says how many rows it holds — and, when more
 * customers match than the limit, that the export stopped there and how to get the rest; a failure
 * says why, with "Tentar novamente".
 */
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { saveFile } from '../../../lib/download';
import { customersCsv, EXPORT_LIMIT, exportFileName, fetchCustomersForExport } from '../export';
import { customersCount } from '../format';

export interface ExportDialogProps {
  opened: boolean;
  /** The list's search (trimmed): '' exports every customer. */
  search: string;
  /** The list's tag filter: only the customers with it are exported; null or absent: any. */
  tag?: { id: number; name: string } | null;
  onClose: () => void;
}

type ExportState =
  | { kind: 'idle' }
  | { kind: 'running'; rows: number }
  | { kind: 'done'; rows: number; capped: boolean; filename: string }
  | { kind: 'failed'; message: string };

const LIMIT_TEXT = EXPORT_LIMIT.toLocaleString('pt-BR');

function readText(rows: number): string {
  return `${customersCount(rows)} ${rows === 1 ? 'lido' : 'lidos'}`;
}

/** What the file holds: "todos os clientes", "os clientes da busca “x”", "… com a etiqueta “Y”". */
function exportScope(search: string, tagName: string | null): string {
  const tagged = tagName === null ? '' : ` com a etiqueta “${tagName}”`;
  if (search) return `os clientes${tagged} da busca “${search}”`;
  return tagged ? `os clientes${tagged}` : 'todos os clientes';
}

export function ExportDialog({ opened, search, tag = null, onClose }: ExportDialogProps) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const running = state.kind === 'running';

  function start() {
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'running', rows: 0 });
    fetchCustomersForExport({
      search,
      tagId: tag?.id ?? null,
      signal: abort.signal,
      onProgress: (rows) => {
        if (!abort.signal.aborted) setState({ kind: 'running', rows });
      },
    }).then(
      ({ customers, capped }) => {
        if (abort.signal.aborted) return;
        const filename = exportFileName(search);
        saveFile({ blob: new Blob([customersCsv(customers)], { type: 'text/csv;charset=utf-8' }), filename });
        setState({ kind: 'done', rows: customers.length, capped, filename });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setState({ kind: 'failed', message: errorMessage(error) });
      },
    );
  }

  function close() {
    controller.current?.abort();
    controller.current = null;
    setState({ kind: 'idle' });
    onClose();
  }

  const scope = exportScope(search, tag?.name ?? null);
  const filtered = search !== '' || tag !== null;

  return (
    <Modal opened={opened} onClose={close} title="Exportar clientes" centered>
      <Stack gap="md">
        <Text size="sm">
          Baixa {scope} num arquivo CSV (UTF-8, separado por ponto e vírgula), com nome, telefone, email, bloqueio e
          data de cadastro. Até {LIMIT_TEXT} clientes por arquivo.
        </Text>
        {state.kind === 'running' ? (
          <Stack gap={6}>
            <Progress
              value={100}
              striped
              animated
              aria-label="Lendo os clientes"
              aria-valuetext={readText(state.rows)}
            />
            <Text size="sm" aria-live="polite">
              {readText(state.rows)}…
            </Text>
          </Stack>
        ) : null}
        {state.kind === 'done' ? (
          <Alert
            color={state.capped ? 'yellow' : 'teal'}
            variant="light"
            icon={state.capped ? <IconAlertTriangle size={18} /> : <IconCircleCheck size={18} />}
            title={state.capped ? `Exportação limitada a ${LIMIT_TEXT} clientes` : 'Arquivo baixado'}
            role="status"
          >
            {state.capped
              ? `${state.filename} tem os ${customersCount(state.rows)} mais recentes, mas há mais clientes ${filtered ? 'nesta busca' : 'cadastrados'}. Refine a busca por nome ou telefone para exportar os demais.`
              : `${state.filename}: ${customersCount(state.rows)}.`}
          </Alert>
        ) : null}
        {state.kind === 'failed' ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Não foi possível exportar"
            role="alert"
          >
            {state.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {state.kind === 'done' ? 'Fechar' : 'Cancelar'}
          </Button>
          {state.kind === 'done' ? null : (
            <Button leftSection={<IconDownload size={16} />} loading={running} onClick={start} data-autofocus>
              {state.kind === 'failed' ? 'Tentar novamente' : 'Exportar CSV'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
