/**
 * The control panel (route `dashboard-control-panel`; docs/analytics.md, `GET
 * /api/dashboard/control-panel`): the queue now — tickets waiting and the oldest wait (highlighted
 * when tickets wait longer than the tenant's threshold), transfers pending, tickets open, agents
 * online — the tickets about to breach their SLA ("Prestes a estourar", AtRiskCard), the agents and
 * the instances. Live: read again 500 ms after a burst of ticket events on the socket
 * (../realtime.ts) and every 30 s. Administrators (route `users`) set the threshold.
 */
import {
  Badge,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { FormAlert } from '../../../components/FormAlert';
import { formErrors } from '../../../lib/api-errors';
import { formatRelative, formatTime } from '../../../lib/dates';
import { clockText, PRESENCE_STATUSES, statusOfAgent, type PanelAgentStatus } from '../../../lib/presence';
import { useControlPanel } from '../api/get-control-panel';
import type { ControlPanel } from '../api/schemas';
import {
  MAX_THRESHOLD_MINUTES,
  MIN_THRESHOLD_MINUTES,
  useSetControlPanelSettings,
} from '../api/set-control-panel-settings';
import { formatCount, formatDuration } from '../format';
import { useNow } from '../../../lib/use-now';
import { AtRiskCard } from './AtRiskCard';
import { QueryError } from './QueryError';
import { ScrollTable } from './ScrollTable';
import { StatCard } from './StatCard';
import classes from './analytics.module.css';

export function ControlPanelView({ canEditThreshold }: { canEditThreshold: boolean }) {
  const panel = useControlPanel();
  if (panel.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} role="status" aria-busy="true" aria-label="Carregando o painel">
        {[0, 1, 2, 3, 4].map((card) => (
          <Skeleton key={card} height={120} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (panel.isError && !panel.data) {
    return (
      <QueryError
        title="Não foi possível carregar o painel de controle."
        error={panel.error}
        onRetry={() => void panel.refetch()}
        retrying={panel.isFetching}
      />
    );
  }
  return (
    <Stack gap="lg">
      {panel.isError ? (
        <QueryError title="Não foi possível atualizar o painel; mostrando a última leitura." error={panel.error} />
      ) : null}
      <PanelContent data={panel.data} canEditThreshold={canEditThreshold} />
    </Stack>
  );
}

function PanelContent({ data, canEditThreshold }: { data: ControlPanel; canEditThreshold: boolean }) {
  const now = useNow(15_000);
  // Available only: an ausente agent is connected (`online`) but receives no new tickets.
  const online = data.agents.filter((agent) => statusOfAgent(agent).status === 'online').length;
  const oldestSecs = data.oldestWaitingSince
    ? Math.max(0, (now.getTime() - new Date(data.oldestWaitingSince).getTime()) / 1000)
    : null;
  const overThreshold = data.overThreshold > 0;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed" aria-live="polite">
        Ao vivo: atualizado às {formatTime(data.generatedAt)}, a cada evento de atendimento e a cada 30 segundos.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <StatCard
          figure="waiting"
          label="Aguardando"
          value={formatCount(data.waiting)}
          alert={overThreshold}
          detail={
            overThreshold
              ? `${formatCount(data.overThreshold)} acima do limite de ${data.thresholdMinutes} min`
              : `Nenhum acima do limite de ${data.thresholdMinutes} min`
          }
        />
        <StatCard
          figure="oldestWait"
          label="Maior espera"
          value={oldestSecs === null ? '—' : formatDuration(oldestSecs)}
          alert={overThreshold}
          detail={
            data.oldestWaitingSince
              ? `Aberto ${formatRelative(data.oldestWaitingSince, now)} (${formatTime(data.oldestWaitingSince)})`
              : 'Ninguém aguardando'
          }
        />
        <StatCard
          figure="transfersPending"
          label="Transferências pendentes"
          value={formatCount(data.transfersPending)}
        />
        <StatCard figure="openNow" label="Em atendimento" value={formatCount(data.open)} />
        <StatCard
          figure="agentsOnline"
          label="Atendentes online"
          value={formatCount(online)}
          detail={`de ${formatCount(data.agents.length)} listados`}
        />
      </SimpleGrid>
      {overThreshold ? (
        <Paper withBorder radius="md" p="sm" className={classes.alert} role="status">
          <Group gap="xs" wrap="nowrap">
            <IconAlertTriangle size={18} aria-hidden className={classes.worse} />
            <Text size="sm" fw={600}>
              {formatCount(data.overThreshold)} {data.overThreshold === 1 ? 'ticket espera' : 'tickets esperam'} há mais
              de {data.thresholdMinutes} min.
            </Text>
          </Group>
        </Paper>
      ) : null}
      <AtRiskCard />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <AgentsTable data={data} />
        <InstancesTable data={data} />
      </SimpleGrid>
      {canEditThreshold ? <ThresholdForm current={data.thresholdMinutes} /> : null}
    </Stack>
  );
}

/**
 * The status cell: a badge with the status word (Disponível / Ausente / Offline), the reason under
 * an absence and since when ("desde 12:30 · há 12 min"). Its words are its accessible text.
 */
export function AgentStatusCell({ agent, now }: { agent: PanelAgentStatus; now: Date }) {
  const view = statusOfAgent(agent);
  const info = PRESENCE_STATUSES[view.status];
  return (
    <Stack gap={2} align="flex-start">
      {/* At least as wide as its word: the table squeezed it to "OFF…". */}
      <Badge variant="dot" color={info.badgeColor} miw="max-content">
        {info.label}
      </Badge>
      {view.reason ? (
        <Text size="xs">
          <VisuallyHidden>Motivo: </VisuallyHidden>
          {view.reason}
        </Text>
      ) : null}
      {view.since ? (
        <Text size="xs" c="dimmed">
          <time dateTime={view.since}>
            desde {clockText(view.since, now)} · {formatRelative(view.since, now)}
          </time>
        </Text>
      ) : null}
    </Stack>
  );
}

function AgentsTable({ data }: { data: ControlPanel }) {
  const now = useNow(15_000);
  return (
    // A grid item is as wide as its content's narrowest by default: the table's 360 px plus the
    // card's padding pushed a phone's page sideways. At 0 the card keeps the column's width and
    // the table scrolls inside it.
    <Paper withBorder radius="md" p="md" miw={0}>
      <Title order={2} size="h5" mb="sm">
        Atendentes
      </Title>
      {data.agents.length === 0 ? (
        <EmptyState icon={IconUsers} title="Ninguém online nem com tickets abertos" />
      ) : (
        <ScrollTable label="Atendentes (tabela)" minWidth={360}>
          <Table verticalSpacing="xs" striped aria-label="Atendentes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Atendente</Table.Th>
                <Table.Th scope="col">Situação</Table.Th>
                <Table.Th scope="col" ta="right">
                  Em atendimento
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Transferências pendentes
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.agents.map((agent) => (
                <Table.Tr key={agent.userId}>
                  <Table.Td>{agent.name}</Table.Td>
                  <Table.Td>
                    <AgentStatusCell agent={agent} now={now} />
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(agent.open)}</Table.Td>
                  <Table.Td ta="right">{formatCount(agent.transfersPending)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Paper>
  );
}

function InstancesTable({ data }: { data: ControlPanel }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h5" mb="sm">
        Por instância
      </Title>
      {data.byInstance.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma instância com tickets aguardando ou em atendimento.
        </Text>
      ) : (
        <Table verticalSpacing="xs" striped aria-label="Por instância">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Instância</Table.Th>
              <Table.Th scope="col" ta="right">
                Aguardando
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Em atendimento
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.byInstance.map((instance) => (
              <Table.Tr key={instance.instanceId}>
                <Table.Td>{instance.name}</Table.Td>
                <Table.Td ta="right">{formatCount(instance.waiting)}</Table.Td>
                <Table.Td ta="right">{formatCount(instance.open)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function ThresholdForm({ current }: { current: number }) {
  const save = useSetControlPanelSettings();
  const [value, setValue] = useState<number | string>(current);
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const minutes = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(minutes) || minutes < MIN_THRESHOLD_MINUTES || minutes > MAX_THRESHOLD_MINUTES) {
      setError(`Informe um número inteiro de ${MIN_THRESHOLD_MINUTES} a ${MAX_THRESHOLD_MINUTES} minutos.`);
      return;
    }
    setError(null);
    setGeneral([]);
    save.mutate(minutes, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          title: 'Limite de espera salvo',
          message: `Tickets aguardando há mais de ${minutes} min aparecem em destaque.`,
        }),
      onError: (failure) => {
        const errors = formErrors(failure, { thresholdMinutes: 'thresholdMinutes' });
        setError(errors.fields.thresholdMinutes ?? null);
        setGeneral(errors.general);
        notifications.show({ color: 'red', title: 'Não foi possível salvar o limite', message: errors.message });
      },
    });
  }

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h5">
            Limite de espera
          </Title>
          <FormAlert messages={general} />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Box w={{ base: '100%', sm: 260 }}>
              <NumberInput
                label="Destacar quem espera há mais de (minutos)"
                min={MIN_THRESHOLD_MINUTES}
                max={MAX_THRESHOLD_MINUTES}
                allowDecimal={false}
                allowNegative={false}
                value={value}
                onChange={setValue}
                error={error}
              />
            </Box>
            <Button type="submit" loading={save.isPending}>
              Salvar limite
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
