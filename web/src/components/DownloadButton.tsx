/**
 * A sheet's download button with its progress: indeterminate until the first bytes arrive, then
 * the bytes received (and the share of the total when the server sends `Content-Length`); the
 * server's pt_BR message under it when the download is refused.
 */
import { Button, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatBytes } from '../lib/download';
import type { QueryParams } from '../lib/http';
import { useDownload } from './use-download';
import classes from './DownloadButton.module.css';

export interface DownloadButtonProps {
  label: string;
  /** Names the file in notifications and in the progress bar ("Planilha de pedidos"). */
  title: string;
  path: string;
  query: QueryParams;
  fallbackName: string;
  disabled?: boolean;
  variant?: 'filled' | 'light' | 'default';
}

export function DownloadButton({
  label,
  title,
  path,
  query,
  fallbackName,
  disabled,
  variant = 'light',
}: DownloadButtonProps) {
  const { state, start } = useDownload();
  const loading = state.status === 'loading';
  const progress = loading ? state.progress : null;
  const percent = progress?.total ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : null;
  const received = progress && progress.received > 0 ? progress.received : null;
  return (
    <Stack gap={6}>
      <Button
        variant={variant}
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={loading}
        disabled={disabled}
        onClick={() => void start({ path, query, fallbackName, title })}
      >
        {label}
      </Button>
      {loading ? (
        <Stack gap={2}>
          <Progress.Root>
            <Progress.Section
              value={percent ?? 100}
              animated={percent === null}
              striped={percent === null}
              withAria={false}
              role="progressbar"
              aria-label={`${title}: baixando`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent ?? undefined}
              aria-valuetext={
                received === null
                  ? 'Aguardando o servidor'
                  : percent === null
                    ? `${formatBytes(received)} recebidos`
                    : `${percent}%`
              }
            />
          </Progress.Root>
          <Text size="xs" c="dimmed" aria-live="polite">
            {received === null
              ? 'Gerando a planilha…'
              : percent === null
                ? `${formatBytes(received)} recebidos`
                : `${formatBytes(received)} de ${formatBytes(progress?.total ?? 0)} (${percent}%)`}
          </Text>
        </Stack>
      ) : null}
      {state.status === 'error' ? (
        <Text size="sm" className={classes.error} role="alert">
          {state.message}
        </Text>
      ) : null}
    </Stack>
  );
}
