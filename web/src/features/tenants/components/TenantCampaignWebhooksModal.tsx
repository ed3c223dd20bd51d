/**
 * "Gerar webhooks de status de campanha" of a tenant (operators; docs/campaigns.md): a period and
 * the recipient statuses wanted; one call per status, all at once, and how many events each queued
 * to the tenant's webhook endpoints (or why that status failed).
 */
import { Button, Group, MultiSelect, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { DateField } from '../../../components/DateField';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { errorMessage } from '../../../lib/api-errors';
import { RECIPIENT_STATUSES, RECIPIENT_STATUS_LABELS } from '../../../lib/campaign-statuses';
import { useGenerateCampaignStatusWebhooks, type GeneratedCount } from '../api/generate-campaign-status-webhooks';
import type { Tenant } from '../api/get-tenants';

const COUNT = new Intl.NumberFormat('pt-BR');
const TYPE_OPTIONS = RECIPIENT_STATUSES.map((status) => ({ value: status, label: RECIPIENT_STATUS_LABELS[status] }));

interface Values {
  startAt: string;
  finishAt: string;
  types: string[];
}

function validate(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (values.startAt === '') errors.startAt = 'Informe a data inicial.';
  if (values.finishAt === '') errors.finishAt = 'Informe a data final.';
  else if (values.startAt !== '' && values.finishAt < values.startAt)
    errors.finishAt = 'A data final é anterior à inicial.';
  if (values.types.length === 0) errors.types = 'Escolha ao menos um status.';
  return errors;
}

export interface TenantCampaignWebhooksModalProps {
  tenant: Tenant | null;
  onClose: () => void;
}

export function TenantCampaignWebhooksModal({ tenant, onClose }: TenantCampaignWebhooksModalProps) {
  return (
    <FormModal
      opened={tenant !== null}
      onClose={onClose}
      title={tenant ? `Gerar webhooks de status de campanha: ${tenant.name}` : ''}
      size="lg"
    >
      {tenant ? <GenerateForm key={tenant.id} tenant={tenant} onDone={onClose} /> : null}
    </FormModal>
  );
}

function GenerateForm({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  const generate = useGenerateCampaignStatusWebhooks();
  const [general, setGeneral] = useState<string[]>([]);
  const [results, setResults] = useState<GeneratedCount[] | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { startAt: '', finishAt: '', types: [] },
    validate,
  });

  function submit(values: Values) {
    setGeneral([]);
    setResults(null);
    // In the order the statuses are listed, whatever order they were picked in.
    const types = RECIPIENT_STATUSES.filter((status) => values.types.includes(status));
    generate.mutate(
      { tenantName: tenant.name, startAt: values.startAt, finishAt: values.finishAt, types },
      { onSuccess: setResults, onError: (error) => setGeneral([errorMessage(error)]) },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enfileira de novo, para os endpoints de webhook de {tenant.name}, um evento <code>campaign.status</code> por
          destinatário de campanha do período em cada status escolhido. Útil quando o sistema do cliente perdeu eventos.
        </Text>
        <FormAlert messages={general} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField label="De" required {...form.getInputProps('startAt')} />
          <DateField label="Até" required {...form.getInputProps('finishAt')} />
        </SimpleGrid>
        <MultiSelect
          label="Status"
          description="Uma chamada por status, todas ao mesmo tempo."
          placeholder="Escolha os status"
          required
          data={TYPE_OPTIONS}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('types')}
        />
        {results ? <Results results={results} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={generate.isPending}>
            {results ? 'Fechar' : 'Cancelar'}
          </Button>
          <Button type="submit" loading={generate.isPending}>
            Gerar webhooks
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Results({ results }: { results: GeneratedCount[] }) {
  const total = results.reduce((sum, result) => sum + ('queued' in result ? result.queued : 0), 0);
  const failed = results.filter((result) => 'error' in result).length;
  return (
    <Paper withBorder radius="md" p="md" role="status" aria-live="polite" data-testid="generated-counts">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {COUNT.format(total)} {total === 1 ? 'evento enfileirado' : 'eventos enfileirados'}
          {failed > 0 ? ` · ${failed} ${failed === 1 ? 'status falhou' : 'status falharam'}` : ''}
        </Text>
        <Table verticalSpacing={4} aria-label="Eventos por status">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Th>Resultado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {results.map((result) => (
              <Table.Tr key={result.type} data-type={result.type}>
                <Table.Td>{RECIPIENT_STATUS_LABELS[result.type]}</Table.Td>
                <Table.Td>
                  {'queued' in result ? (
                    `${COUNT.format(result.queued)} na fila`
                  ) : (
                    <Text span size="sm" c="red">
                      Falhou: {result.error}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
