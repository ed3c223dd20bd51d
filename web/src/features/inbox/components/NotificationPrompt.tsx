/**
 * Asks once whether the user wants a browser notification and a sound for new messages while the
 * tab is hidden (`alert.ts`). Shown until answered; the answer is remembered.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { askForNotifications, declineNotifications, shouldAskForNotifications } from '../alert';

export function NotificationPrompt() {
  const [visible, setVisible] = useState(shouldAskForNotifications);
  if (!visible) return null;
  return (
    <Alert
      color="indigo"
      variant="light"
      icon={<IconBell size={18} />}
      p="xs"
      mt="xs"
      aria-label="Avisos de novas mensagens"
    >
      <Text size="sm">Receber um aviso e um som quando chegar mensagem com esta aba em segundo plano?</Text>
      <Group gap="xs" mt={6}>
        <Button
          size="compact-sm"
          onClick={() => {
            setVisible(false);
            void askForNotifications();
          }}
        >
          Ativar avisos
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          onClick={() => {
            declineNotifications();
            setVisible(false);
          }}
        >
          Agora não
        </Button>
      </Group>
    </Alert>
  );
}
