/**
 * The body of the "Novo atendimento para você" toast (../assignment-notice.ts): who the customer is,
 * why the ticket came to this person (the server's reason), and "Abrir conversa".
 */
import { Button, Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { Assignment } from '../assignment';
import { customerName } from '../format';

export interface AssignmentNoticeProps {
  assignment: Assignment;
  onOpen: () => void;
}

export function AssignmentNotice({ assignment, onOpen }: AssignmentNoticeProps) {
  const reason = assignment.reason.trim();
  return (
    <Stack gap={6} align="flex-start">
      <Text size="sm" fw={600}>
        {customerName(assignment.ticket)} · #{assignment.ticket.protocol}
      </Text>
      {reason ? <Text size="sm">{reason}</Text> : null}
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconMessageCircle size={14} aria-hidden />}
        onClick={onOpen}
        aria-label={`Abrir conversa com ${customerName(assignment.ticket)}`}
      >
        Abrir conversa
      </Button>
    </Stack>
  );
}
