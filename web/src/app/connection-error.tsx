/**
 * The page shown instead of "500 Algo deu errado" when a screen could not be reached: offline, or
 * its code (a lazy chunk) did not arrive (lib/connection.ts). "Tentar de novo" first checks that
 * the server answers, then reloads the page — reloading offline would only swap this page for the
 * browser's own error page. Part of the main bundle: it must show without loading anything.
 */
import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { serverAnswers } from '../lib/connection';

/** The page's name (its heading, and the document's title). */
export const CONNECTION_ERROR_TITLE = 'Sem conexão';

export function ConnectionErrorPage() {
  const [checking, setChecking] = useState(false);
  const [stillOffline, setStillOffline] = useState(false);

  async function retry() {
    setChecking(true);
    setStillOffline(false);
    if (await serverAnswers()) {
      window.location.reload();
      return;
    }
    setChecking(false);
    setStillOffline(true);
  }

  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={88} radius="xl" variant="light" color="gray" aria-hidden>
          <IconWifiOff size={48} />
        </ThemeIcon>
        <Title order={1}>{CONNECTION_ERROR_TITLE}</Title>
        <Text c="dimmed" size="lg">
          Verifique a internet e tente de novo.
        </Text>
        <Button mt="md" leftSection={<IconRefresh size={18} />} loading={checking} onClick={() => void retry()}>
          Tentar de novo
        </Button>
        <Text size="sm" c="dimmed" role="status" mih="1.5em">
          {stillOffline ? 'Ainda sem conexão. Confira o Wi-Fi ou os dados móveis e tente mais uma vez.' : ''}
        </Text>
      </Stack>
    </Container>
  );
}
