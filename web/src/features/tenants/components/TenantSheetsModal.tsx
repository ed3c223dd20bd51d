/**
 * "Baixar planilhas" of a tenant (operators; the specification's §2, tenants screen): the four
 * sheets of docs/analytics.md#sheets — orders, attendances, instance logs, closing reasons — with
 * the report screen's period and options (components/PeriodFields, components/SheetDownloads),
 * downloaded for this tenant (`tenantName`, or `tenancyId` on the reasons sheet, as the
 * specification writes each call). The attendances' instances are the tenant's (`GET
 * /api/instance?tenantName`); no call lists another tenant's closing reasons, so the reasons sheet
 * covers them all. A tenant whose `reports` option is off is told so before the server refuses.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FormModal } from '../../../components/FormModal';
import { PeriodFields } from '../../../components/PeriodFields';
import { SheetDownloads } from '../../../components/SheetDownloads';
import { usePeriodChoice } from '../../../components/use-period-choice';
import { formatPeriod } from '../../../lib/period';
import type { Tenant } from '../api/get-tenants';
import { useTenantInstanceChoices } from '../api/get-tenant-instances';

export interface TenantSheetsModalProps {
  tenant: Tenant | null;
  onClose: () => void;
}

export function TenantSheetsModal({ tenant, onClose }: TenantSheetsModalProps) {
  return (
    <FormModal
      opened={tenant !== null}
      onClose={onClose}
      title={tenant ? `Baixar planilhas: ${tenant.name}` : ''}
      size="xl"
    >
      {tenant ? <SheetsContent key={tenant.id} tenant={tenant} onDone={onClose} /> : null}
    </FormModal>
  );
}

/** Whether the tenant's `reports` option is known to be off (an empty feature list says nothing). */
function reportsOff(tenant: Tenant): boolean {
  return tenant.features.some((feature) => feature.option === 'reports' && !feature.enabled);
}

function SheetsContent({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  const choice = usePeriodChoice();
  const instances = useTenantInstanceChoices(tenant.name);
  const off = reportsOff(tenant);
  const valid = choice.error === null;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Arquivos .xlsx de {tenant.name} do período escolhido
        {valid ? ` (${formatPeriod(choice.period)})` : ''}, cada um com uma aba “Sobre” que explica filtros e
        definições.
      </Text>
      {off ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle size={20} />} title="Relatórios desligados">
          A opção “Relatórios” está desligada para {tenant.name}, e o servidor recusa as planilhas. Ligue-a em “Opções”
          para baixá-las.
        </Alert>
      ) : null}
      <Group gap="sm" align="flex-start" wrap="wrap">
        <PeriodFields choice={choice} />
      </Group>
      <SheetDownloads
        period={choice.period}
        enabled={valid && !off}
        instances={instances}
        reasons={null}
        tenant={{ id: tenant.id, name: tenant.name }}
        cols={{ base: 1, sm: 2 }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Fechar
        </Button>
      </Group>
    </Stack>
  );
}
