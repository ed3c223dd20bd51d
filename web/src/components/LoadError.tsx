/**
 * The error state of a screen whose data did not load: what failed (the server's pt_BR message
 * when there is one) and a way to try again.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

export interface LoadErrorProps {
  /** What could not be loaded, e.g. "Não foi possível carregar os perfis." */
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

export function LoadError({ title, error, onRetry, retrying = false }: LoadErrorProps) {
  const detail = error instanceof Error && error.message ? error.message : null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        {detail ? <Text size="sm">{detail}</Text> : null}
        {onRetry ? (
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} />}
            loading={retrying}
            onClick={onRetry}
          >
            Tentar novamente
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
