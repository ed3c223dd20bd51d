/**
 * Edit a tenant's features (docs/contracts.md#screens-and-routes, "edit features"): a switch per
 * option, and saving sends one `POST /api/tenant/feature` per changed option, all in parallel
 * (docs/contracts.md#api-calls). If some calls fail, the saved ones are kept and the failed ones
 * are named with the server's message, once, in the dialog.
 */
import { Alert, Button, Group, Modal, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/api-errors';
import { useTenantFeatures, type FeatureSetting } from '../api/get-tenant-features';
import type { Tenant } from '../api/get-tenants';
import { useSetTenantFeatures, type FeatureChange } from '../api/set-tenant-features';

export function TenantFeaturesModal({ tenant, onClose }: { tenant: Tenant | null; onClose: () => void }) {
  return (
    <Modal opened={tenant !== null} onClose={onClose} title={tenant ? `Opções: ${tenant.name}` : ''} centered>
      {tenant ? <FeaturesLoader key={tenant.id} tenant={tenant} onDone={onClose} /> : null}
    </Modal>
  );
}

function FeaturesLoader({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  const features = useTenantFeatures(tenant.name);
  if (features.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando opções">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={28} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (features.isError) {
    return (
      <LoadError
        title="Não foi possível carregar as opções."
        error={features.error}
        onRetry={() => void features.refetch()}
        retrying={features.isFetching}
      />
    );
  }
  if (features.data.length === 0) {
    return <Text size="sm">Este tenant não tem opções configuráveis.</Text>;
  }
  return <FeaturesForm tenant={tenant} settings={features.data} onDone={onDone} />;
}

/** The options whose switch differs from what the server holds. */
function changedFeatures(settings: readonly FeatureSetting[], enabled: ReadonlySet<string>): FeatureChange[] {
  return settings
    .filter((setting) => setting.enabled !== enabled.has(setting.option))
    .map((setting) => ({ option: setting.option, enabled: enabled.has(setting.option) }));
}

function FeaturesForm({
  tenant,
  settings,
  onDone,
}: {
  tenant: Tenant;
  settings: FeatureSetting[];
  onDone: () => void;
}) {
  const save = useSetTenantFeatures();
  const [enabled, setEnabled] = useState<Set<string>>(
    () => new Set(settings.filter((s) => s.enabled).map((s) => s.option)),
  );
  const [failures, setFailures] = useState<string[]>([]);
  const [savedCount, setSavedCount] = useState<{ saved: number; total: number } | null>(null);
  const changes = changedFeatures(settings, enabled);
  const label = (setting: FeatureSetting) => setting.label || setting.option;
  const labelOf = (option: string) => {
    const setting = settings.find((candidate) => candidate.option === option);
    return setting ? label(setting) : option;
  };

  function toggle(option: string, on: boolean) {
    const next = new Set(enabled);
    if (on) next.add(option);
    else next.delete(option);
    setEnabled(next);
    setFailures([]);
  }

  function submit() {
    save.mutate(
      { tenantName: tenant.name, changes },
      {
        onSuccess: (results) => {
          const failed = results.filter((result) => result.error !== null);
          if (failed.length === 0) {
            notifications.show({
              color: 'teal',
              title: 'Opções salvas',
              message:
                changes.length === 1
                  ? `1 opção de ${tenant.name} foi alterada.`
                  : `${changes.length} opções de ${tenant.name} foram alteradas.`,
            });
            onDone();
            return;
          }
          const messages = failed.map((result) => `${labelOf(result.change.option)}: ${errorMessage(result.error)}`);
          // Said once, in the dialog (no toast repeating it).
          setFailures(messages);
          setSavedCount({ saved: results.length - failed.length, total: results.length });
        },
      },
    );
  }

  return (
    <Stack gap="md">
      {failures.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title={
            savedCount
              ? `Não foram salvas (${savedCount.saved} de ${savedCount.total} alterações salvas)`
              : 'Não foram salvas'
          }
        >
          {failures.map((message) => (
            <Text key={message} size="sm">
              {message}
            </Text>
          ))}
        </Alert>
      ) : null}
      <Stack gap="sm">
        {settings.map((setting) => (
          <Switch
            key={setting.option}
            label={label(setting)}
            description={setting.option}
            checked={enabled.has(setting.option)}
            onChange={(event) => toggle(setting.option, event.currentTarget.checked)}
          />
        ))}
      </Stack>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {changes.length === 0
            ? 'Nenhuma alteração'
            : changes.length === 1
              ? '1 alteração'
              : `${changes.length} alterações`}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={changes.length === 0}>
            Salvar
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
