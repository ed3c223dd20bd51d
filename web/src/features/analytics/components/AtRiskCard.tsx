/**
 * The control panel's "Prestes a estourar" (`GET /api/dashboard/control-panel/at-risk`, lib/sla.ts): the open tickets
 * past 80 % of an SLA target's time or past its deadline, the nearest first — each with its
 * customer (the link to the conversation), protocol, department, who holds it ("Na fila" while it
 * waits), its state in words and the deadline as it stands now ("Resposta vence em 5 min",
 * "Resolução estourou há 3 min"). Live: read again after a burst of `TicketSlaChanged` (and of
 * closes and transfers, ../realtime.ts); the relative times renew every 15 s.
 */
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlarm, IconClockCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { HOME_ROUTE, routePath } from '../../../config/paths';
import { displayName } from '../../../lib/address';
import { dueRelative, SLA_AT_RISK_PERCENT, SLA_TARGET_LABELS, slaAlert, slaFocus } from '../../../lib/sla';
import { useNow } from '../../../lib/use-now';
import { useAtRisk } from '../api/get-at-risk';
import type { AtRiskTicket } from '../api/schemas';
import { QueryError } from './QueryError';
import classes from './analytics.module.css';

const TITLE_ID = 'control-panel-at-risk';

/** The conversation in the inbox: `/?ticket=12`. */
function conversationPath(ticket: AtRiskTicket): string {
  return `${routePath(HOME_ROUTE)}?ticket=${ticket.id}`;
}

/** "Com Ana Souza", or "Na fila" while nobody holds it. */
function holderText(ticket: AtRiskTicket): string {
  if (ticket.status === 'pending' || !ticket.assignedUser) return 'Na fila';
  return `Com ${ticket.assignedUser.name}`;
}

/** "Resposta vence em 5 min", "Resolução estourou há 3 min"; null without a running deadline. */
function deadlineText(ticket: AtRiskTicket, now: Date): string | null {
  const focus = slaFocus(ticket.sla, now);
  if (!focus) return null;
  return `${SLA_TARGET_LABELS[focus.target]} ${dueRelative(focus.dueAt, now, focus.missed)}`;
}

function AtRiskRow({ ticket, now }: { ticket: AtRiskTicket; now: Date }) {
  const name = displayName(ticket.customer);
  const alert = slaAlert(ticket.sla);
  const deadline = deadlineText(ticket, now);
  return (
    <li className={classes.atRiskRow} data-testid={`at-risk-${ticket.id}`} data-state={alert?.state}>
      <Stack gap={2} miw={0} flex="1 1 14rem">
        <Anchor
          component={Link}
          to={conversationPath(ticket)}
          fw={600}
          size="sm"
          className={classes.breakAnywhere}
          aria-label={`Abrir conversa com ${name}`}
        >
          {name}
        </Anchor>
        <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
          Protocolo {ticket.protocol} · {ticket.department?.name ?? 'Sem departamento'} · {holderText(ticket)}
        </Text>
      </Stack>
      <Group gap="xs" wrap="wrap" className={classes.atRiskState}>
        {alert ? (
          <Badge color={alert.color} variant="light" leftSection={<IconAlarm size={12} aria-hidden />}>
            <VisuallyHidden>SLA: </VisuallyHidden>
            {alert.label}
          </Badge>
        ) : null}
        {deadline ? (
          <Text size="sm" fw={alert?.state === 'breached' ? 600 : undefined} className={classes.nowrap}>
            {deadline}
          </Text>
        ) : null}
      </Group>
    </li>
  );
}

export function AtRiskCard() {
  const atRisk = useAtRisk();
  const tick = useNow(15_000);
  // A fresh answer is told against the time it came, not the last tick's.
  const now = atRisk.dataUpdatedAt > tick.getTime() ? new Date(atRisk.dataUpdatedAt) : tick;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h5" id={TITLE_ID}>
            Prestes a estourar
          </Title>
          <Text size="sm" c="dimmed">
            Atendimentos abertos que passaram de {SLA_AT_RISK_PERCENT}% do prazo de uma meta (SLA) ou já passaram dele,
            o prazo mais próximo primeiro.
          </Text>
        </div>
        {atRisk.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Carregando os atendimentos em risco">
            <Skeleton height={44} radius="sm" />
            <Skeleton height={44} radius="sm" />
          </Stack>
        ) : atRisk.isError && !atRisk.data ? (
          <QueryError
            title="Não foi possível carregar os atendimentos em risco."
            error={atRisk.error}
            onRetry={() => void atRisk.refetch()}
            retrying={atRisk.isFetching}
          />
        ) : atRisk.data.length === 0 ? (
          <EmptyState
            icon={IconClockCheck}
            title="Nenhum atendimento em risco"
            description="Todos os atendimentos abertos estão dentro do prazo das metas."
          />
        ) : (
          <ul className={classes.atRiskList} aria-labelledby={TITLE_ID}>
            {atRisk.data.map((ticket) => (
              <AtRiskRow key={ticket.id} ticket={ticket} now={now} />
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}
