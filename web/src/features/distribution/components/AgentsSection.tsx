/**
 * "Pessoas": each person with their status (the header's words: Disponível / Ausente / Offline),
 * what they hold of what they may hold ("2 de 4 atendimentos", a bar; highlighted when full) and
 * their own capacity — empty means their department's, and "Usar a do departamento" gives that back
 * (`capacity: null`). As with the policies, what is typed is a draft of the screen until saved.
 */
import { Badge, Button, Group, NumberInput, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUsers } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { PresenceDot } from '../../../components/PresenceDot';
import { ListCard, ResponsiveList } from '../../../components/ResponsiveList';
import { RowSaveButton } from '../../../components/RowSaveButton';
import { useRowDrafts } from '../../../components/use-row-drafts';
import { PRESENCE_STATUSES } from '../../../lib/presence';
import { MAX_CAPACITY, MIN_CAPACITY, type Agent, type Policy } from '../api/get-distribution';
import { useSetAgentCapacity } from '../api/set-agent-capacity';
import { capacityError, saveFailure } from '../errors';
import { isFull, loadPercent, loadSentence, loadText, policyName, ticketsText } from '../labels';
import classes from './distribution.module.css';

const HEADERS = ['Pessoa', 'Situação', 'Atendimentos', 'Capacidade própria'];

interface RowProps {
  agent: Agent;
  /** The policy of the person's department (their capacity when they have none of their own). */
  policy: Policy | undefined;
  /** What is typed in the field: a number, or '' for "the department's". */
  draft: number | string;
  error: string | undefined;
  changed: boolean;
  saving: boolean;
  onChange: (value: number | string) => void;
  onSave: () => void;
  onUseDepartment: () => void;
}

/** The capacity of the person's department, as their field's placeholder says it. */
function departmentCapacity({ agent, policy }: Pick<RowProps, 'agent' | 'policy'>): number {
  return policy?.capacity ?? agent.effectiveCapacity;
}

function AgentName({ agent, policy }: Pick<RowProps, 'agent' | 'policy'>) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" fw={600} className={classes.name}>
        {agent.name}
      </Text>
      <Text size="xs" c="dimmed">
        {policy ? policyName(policy) : 'Sem departamento'}
      </Text>
    </Stack>
  );
}

function AgentStatus({ agent }: { agent: Agent }) {
  return (
    <Group gap={6} wrap="nowrap">
      <PresenceDot status={agent.status} />
      <Text size="sm">{PRESENCE_STATUSES[agent.status].label}</Text>
    </Group>
  );
}

function AgentLoad({ agent }: { agent: Agent }) {
  const full = isFull(agent);
  return (
    <Stack gap={4} miw={140} data-full={full || undefined}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" fw={full ? 700 : undefined}>
          {loadSentence(agent)}
        </Text>
        {full ? (
          <Badge color="red" variant="light" size="sm">
            Lotado
          </Badge>
        ) : null}
      </Group>
      <Progress
        value={loadPercent(agent)}
        color={full ? 'red' : 'teal'}
        size="sm"
        aria-label={`Atendimentos de ${agent.name}: ${loadText(agent)}`}
      />
    </Stack>
  );
}

function CapacityField(props: RowProps & { label?: string }) {
  const { agent, draft, error, onChange, onUseDepartment, label, saving } = props;
  return (
    <Stack gap={4} align="flex-start">
      <NumberInput
        label={label}
        aria-label={label ? undefined : `Capacidade própria de ${agent.name}`}
        placeholder={`Do departamento (${departmentCapacity(props)})`}
        min={MIN_CAPACITY}
        max={MAX_CAPACITY}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        value={draft}
        onChange={onChange}
        error={error}
        w={{ base: '100%', md: 190 }}
      />
      {agent.capacity !== null ? (
        <Button variant="subtle" size="compact-sm" px={4} onClick={onUseDepartment} disabled={saving}>
          Usar a do departamento
        </Button>
      ) : null}
    </Stack>
  );
}

function SaveButton({ agent, changed, saving, onSave, fullWidth }: RowProps & { fullWidth?: boolean }) {
  return (
    <RowSaveButton
      label={`Salvar a capacidade de ${agent.name}`}
      changed={changed}
      saving={saving}
      onSave={onSave}
      fullWidth={fullWidth}
    />
  );
}

function AgentRow(props: RowProps) {
  const { agent } = props;
  return (
    <Table.Tr data-testid={`agent-row-${agent.userId}`}>
      <Table.Td maw={260}>
        <AgentName {...props} />
      </Table.Td>
      <Table.Td>
        <AgentStatus agent={agent} />
      </Table.Td>
      <Table.Td>
        <AgentLoad agent={agent} />
      </Table.Td>
      <Table.Td>
        <CapacityField {...props} />
      </Table.Td>
      <Table.Td ta="right">
        <SaveButton {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

function AgentCard(props: RowProps) {
  const { agent } = props;
  return (
    <ListCard data-testid={`agent-card-${agent.userId}`} padding="sm">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <AgentName {...props} />
          <AgentStatus agent={agent} />
        </Group>
        <AgentLoad agent={agent} />
        <CapacityField {...props} label="Capacidade própria" />
        <SaveButton {...props} fullWidth />
      </Stack>
    </ListCard>
  );
}

export function AgentsSection({ agents, policies }: { agents: readonly Agent[]; policies: readonly Policy[] }) {
  const save = useSetAgentCapacity();
  /** By user id: what is typed in the capacity field, and the error under it. */
  const rows = useRowDrafts<number, number | string, string>();

  const policyOf = (agent: Agent) => policies.find((policy) => policy.departmentId === agent.departmentId);
  const draftOf = (agent: Agent): number | string => rows.draft(agent.userId) ?? agent.capacity ?? '';

  function send(agent: Agent, capacity: number | null) {
    rows.setSaving(agent.userId);
    save.mutate(
      { userId: agent.userId, capacity },
      {
        onSuccess: (saved) => {
          rows.forget(agent.userId);
          notifications.show({
            color: 'teal',
            title: 'Capacidade salva',
            message:
              saved.capacity === null
                ? `${saved.name} volta a seguir a capacidade do departamento (${ticketsText(saved.effectiveCapacity)}).`
                : `${saved.name} pode ter até ${ticketsText(saved.capacity)} ao mesmo tempo.`,
          });
        },
        onError: (error) => {
          const failure = saveFailure(error);
          if (failure.fields.capacity) rows.refuse(agent.userId, failure.fields.capacity);
          if (failure.general) {
            notifications.show({
              color: 'red',
              title: 'Não foi possível salvar a capacidade',
              message: failure.general,
            });
          }
        },
        onSettled: () => rows.setSaving(null),
      },
    );
  }

  function submit(agent: Agent) {
    const draft = draftOf(agent);
    // An empty field is the department's capacity.
    if (draft === '') {
      send(agent, null);
      return;
    }
    const invalid = capacityError(draft, MIN_CAPACITY, MAX_CAPACITY);
    if (invalid) {
      rows.refuse(agent.userId, invalid);
      return;
    }
    send(agent, Number(draft));
  }

  function restoreDepartment(agent: Agent) {
    rows.setDraft(agent.userId, '');
    send(agent, null);
  }

  const rowProps = (agent: Agent): RowProps => {
    const draft = draftOf(agent);
    return {
      agent,
      policy: policyOf(agent),
      draft,
      error: rows.errors(agent.userId),
      changed: draft !== (agent.capacity ?? ''),
      saving: rows.isSaving(agent.userId),
      onChange: (value) => rows.edit(agent.userId, value),
      onSave: () => submit(agent),
      onUseDepartment: () => restoreDepartment(agent),
    };
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="distribution-agents-title">
      <Stack gap={4}>
        <Title order={2} size="h4" id="distribution-agents-title">
          Pessoas
        </Title>
        <Text size="sm" c="dimmed">
          Quantos atendimentos cada pessoa tem agora e quantos pode ter ao mesmo tempo. Sem capacidade própria, vale a
          do departamento.
        </Text>
      </Stack>
      {agents.length === 0 ? (
        <EmptyState
          icon={IconUsers}
          title="Ninguém para receber atendimentos"
          description="Os usuários ativos da empresa aparecem aqui."
        />
      ) : (
        <ResponsiveList
          items={agents}
          getKey={(agent) => agent.userId}
          headers={HEADERS}
          renderRow={(agent) => <AgentRow {...rowProps(agent)} />}
          renderCard={(agent) => <AgentCard {...rowProps(agent)} />}
        />
      )}
    </Stack>
  );
}
