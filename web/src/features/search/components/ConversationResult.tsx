/**
 * One conversation of the results: the customer, its protocol, status, number and who has it, its
 * tags, and the messages found in it (the newest first; past `SHOWN_MATCHES`, the rest behind
 * "Mostrar todas").
 */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { TagBadges } from '../../../components/TagBadge';
import { TICKET_STATUS_COLORS, TICKET_STATUS_LABELS } from '../../../lib/ticket-statuses';
import { customerName, messagesCount } from '../format';
import type { ConversationMatches } from '../grouping';
import { MatchLink } from './MatchLink';
import classes from './search.module.css';

/** Matches shown before "Mostrar todas". */
export const SHOWN_MATCHES = 5;

export interface ConversationResultProps {
  group: ConversationMatches;
  now: Date;
}

export function ConversationResult({ group, now }: ConversationResultProps) {
  const { ticket, matches } = group;
  const titleId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? matches : matches.slice(0, SHOWN_MATCHES);
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={titleId} data-ticket-id={ticket.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} miw={0} flex="1 1 14rem">
            <Title order={3} size="h5" id={titleId} className={classes.breakAnywhere}>
              {customerName(ticket)}
            </Title>
            <Text size="xs" c="dimmed">
              Protocolo {ticket.protocol} · {ticket.instance.name}
              {ticket.assignedUser && ticket.status !== 'pending' ? ` · ${ticket.assignedUser.name}` : ''}
            </Text>
          </Stack>
          <Badge variant="dot" color={TICKET_STATUS_COLORS[ticket.status] ?? 'gray'} flex="none">
            {TICKET_STATUS_LABELS[ticket.status] ?? ticket.status}
          </Badge>
        </Group>
        <TagBadges tags={ticket.tags} max={4} label="Etiquetas do atendimento" />
        <Text size="xs" c="dimmed">
          {messagesCount(matches.length)} {matches.length === 1 ? 'encontrada' : 'encontradas'}
        </Text>
        <ul
          className={classes.matches}
          id={listId}
          aria-label={`Mensagens encontradas na conversa com ${customerName(ticket)}`}
        >
          {shown.map((match) => (
            <li key={match.id}>
              <MatchLink ticketId={ticket.id} match={match} now={now} />
            </li>
          ))}
        </ul>
        {matches.length > SHOWN_MATCHES ? (
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              aria-expanded={expanded}
              aria-controls={listId}
              onClick={() => setExpanded((open) => !open)}
            >
              {expanded ? 'Mostrar menos' : `Mostrar todas as ${messagesCount(matches.length)}`}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
