/**
 * `/chatbot` (route `chatbot`; read-only for `dashboard-maria-panel`): which bot is being looked at
 * — the company's default, or one instance's (in the URL, `?instance=3`, so a reload or a shared
 * link keeps it) — and its editor with the simulator. The default is what every instance without a
 * configuration of its own uses.
 */
import { Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconRobotOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { FEATURE_DISABLED } from '../../../lib/features';
import { ApiError } from '../../../lib/http';
import { useBotConfig } from '../api/get-bot-config';
import { useBotDepartments, type DepartmentSource } from '../api/get-bot-departments';
import { useBotInstances, type InstanceSource } from '../api/get-bot-instances';
import { useClosingReasons } from '../api/get-closing-reasons';
import { BotEditor } from './BotEditor';

export interface ChatbotScreenProps {
  /** Holds the route `chatbot`: may change the bot (else it is only read). */
  canEdit: boolean;
  /** Where the instances come from: `GET /api/instance` (route `instances`) or the inbox's list. */
  instanceSource: InstanceSource;
  /** Where the departments come from: the users form's options (route `users`) or the dashboards' filters. */
  departmentSource: DepartmentSource;
  /** The "Níveis de serviço" screen (the company's opening hours), when the user may open it. */
  calendarPath?: string | null;
}

const DEFAULT_SCOPE = 'default';
const DEFAULT_SCOPE_NAME = 'Padrão da empresa';

function instanceFromParams(params: URLSearchParams): number | null {
  const value = params.get('instance');
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

function Loading() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Carregando o chatbot">
      {[120, 260, 180].map((height) => (
        <Skeleton key={height} height={height} radius="md" />
      ))}
    </Stack>
  );
}

export function ChatbotScreen({ canEdit, instanceSource, departmentSource, calendarPath = null }: ChatbotScreenProps) {
  const [params, setParams] = useSearchParams();
  const instanceId = instanceFromParams(params);
  const config = useBotConfig(instanceId);
  const instances = useBotInstances(instanceSource);
  const departments = useBotDepartments(departmentSource);
  const reasons = useClosingReasons();
  /** Bumped after a save or a reset: the editor starts again from what the server holds. */
  const [revision, setRevision] = useState(0);

  const scopeData = useMemo(() => {
    const list = (instances.data ?? []).map((instance) => ({
      value: String(instance.id),
      label: instance.active ? instance.name : `${instance.name} (inativa)`,
    }));
    if (instanceId !== null && !list.some((entry) => entry.value === String(instanceId))) {
      list.push({ value: String(instanceId), label: `Instância #${instanceId}` });
    }
    return [
      { group: 'Empresa', items: [{ value: DEFAULT_SCOPE, label: DEFAULT_SCOPE_NAME }] },
      ...(list.length > 0 ? [{ group: 'Instâncias', items: list }] : []),
    ];
  }, [instances.data, instanceId]);

  const scopeName =
    instanceId === null
      ? DEFAULT_SCOPE_NAME
      : (instances.data?.find((instance) => instance.id === instanceId)?.name ?? `Instância #${instanceId}`);

  let content;
  if (config.isPending) content = <Loading />;
  else if (config.isError) {
    const error = config.error;
    content =
      error instanceof ApiError && error.status === 403 && error.code === FEATURE_DISABLED ? (
        <EmptyState icon={IconRobotOff} title="Recurso não disponível para esta empresa" description={error.message} />
      ) : (
        <LoadError
          title="Não foi possível carregar o chatbot."
          error={error}
          onRetry={() => void config.refetch()}
          retrying={config.isFetching}
        />
      );
  } else {
    content = (
      <BotEditor
        key={`${instanceId ?? DEFAULT_SCOPE}:${revision}`}
        config={config.data}
        instanceId={instanceId}
        scopeName={scopeName}
        canEdit={canEdit}
        departments={departments.data ?? []}
        departmentsLoading={departments.isPending}
        reasons={reasons.data ?? []}
        reasonsLoading={reasons.isPending}
        onReplaced={() => setRevision((value) => value + 1)}
        calendarPath={calendarPath}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label="Configuração de"
          description="O padrão vale para toda instância sem configuração própria."
          data={scopeData}
          value={instanceId === null ? DEFAULT_SCOPE : String(instanceId)}
          allowDeselect={false}
          onChange={(value) => {
            if (value === null) return;
            const next = new URLSearchParams(params);
            if (value === DEFAULT_SCOPE) next.delete('instance');
            else next.set('instance', value);
            setParams(next);
          }}
          w={{ base: '100%', sm: 360 }}
          comboboxProps={{ withinPortal: true }}
        />
        {instances.isError ? (
          <Text size="sm" c="dimmed">
            Não foi possível listar as instâncias.
          </Text>
        ) : null}
      </Group>
      {content}
    </Stack>
  );
}
