/**
 * The body of an SLA toast (../sla-notice.ts): what happened — the deadline missed and who holds the
 * ticket, or the deadline at risk — and "Abrir conversa".
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { Ticket } from '../api/schemas';
import { customerName } from '../format';

export interface SlaNoticeProps {
  ticket: Ticket;
  message: string;
  onOpen: () => void;
}

export function SlaNotice({ ticket, message, onOpen }: SlaNoticeProps) {
  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm">{message}</Text>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconMessageCircle size={14} aria-hidden />}
        onClick={onOpen}
        aria-label={`Abrir conversa com ${customerName(ticket)}`}
      >
        Abrir conversa
      </Button>
    </Stack>
  );
}
