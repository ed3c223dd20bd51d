/**
 * The pre-flight of a draft (`POST /api/campaigns/preview`, docs/campaigns.md), shown before
 * "Criar campanha": how many recipients it will have, the duplicates removed, the blacklisted
 * customers (kept as failed), the phones left out as invalid (each with why), how long it should
 * take at the instance's rate, and the first messages exactly as they will read (under the file
 * they go with, if any). On an official number it also names the template (name · language ·
 * category) and estimates the cost by the tenant's price table ("Custo estimado: R$ 0,09 (2 ×
 * R$ 0,045 — Utilidade)"), or says the category has no price there — with a way to the price table
 * for those who may edit it.
 */
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCurrencyReal } from '@tabler/icons-react';
import { ScrollRegion } from '../../../components/ScrollRegion';
import type { Preflight } from '../api/schemas';
import { formatCount, formatDuration } from '../progress';
import { categoryLabel } from '../../../lib/message-templates';
import { costText, noPriceText } from '../template';
import { CampaignAttachment } from './CampaignAttachment';
import classes from './campaigns.module.css';

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder radius="sm" p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {formatCount(value)}
      </Text>
    </Paper>
  );
}

export interface PreflightPanelProps {
  preflight: Preflight;
  /** The file the messages go with (they are its caption). */
  fileName?: string | null;
  /** Opens the template price table (users who may edit it); absent: not offered. */
  onOpenPrices?: () => void;
}

function TemplateCost({ preflight, onOpenPrices }: { preflight: Preflight; onOpenPrices?: () => void }) {
  const { template, estimatedCost } = preflight;
  if (!template && !estimatedCost) return null;
  const cost = estimatedCost ? costText(estimatedCost, preflight.recipients) : null;
  return (
    <Stack gap={6}>
      {template ? (
        <Group gap="xs" wrap="wrap" data-testid="preflight-template">
          <Text size="sm">
            <Text span fw={600}>
              Modelo:
            </Text>{' '}
            {template.name} · {template.language}
          </Text>
          {template.category ? (
            <Badge size="sm" variant="light" color="gray">
              {categoryLabel(template.category)}
            </Badge>
          ) : null}
        </Group>
      ) : null}
      {estimatedCost ? (
        cost ? (
          <Text size="sm" fw={600} data-testid="preflight-cost">
            {cost}
          </Text>
        ) : (
          <Alert color="yellow" variant="light" icon={<IconCurrencyReal size={18} />} data-testid="preflight-cost">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{noPriceText(estimatedCost.category)}</Text>
              {onOpenPrices ? (
                <Button size="xs" variant="default" onClick={onOpenPrices}>
                  Abrir a tabela de preços
                </Button>
              ) : null}
            </Stack>
          </Alert>
        )
      ) : null}
    </Stack>
  );
}

export function PreflightPanel({ preflight, fileName, onOpenPrices }: PreflightPanelProps) {
  const duration =
    preflight.expectedSeconds !== null
      ? `Duração prevista: cerca de ${formatDuration(preflight.expectedSeconds)}${
          preflight.ratePerMinute !== null
            ? `, a ${formatCount(preflight.ratePerMinute)} mensagens por minuto (o ritmo da instância)`
            : ''
        }.`
      : null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="preflight-title" data-testid="preflight">
      <Stack gap="sm">
        <Title order={3} size="h4" id="preflight-title">
          Pré-visualização
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Figure label="Destinatários" value={preflight.recipients} testId="preflight-recipients" />
          <Figure label="Duplicados removidos" value={preflight.duplicatesRemoved} testId="preflight-duplicates" />
          <Figure
            label="Bloqueados (ficam como falha)"
            value={preflight.blacklistedSkipped}
            testId="preflight-blacklisted"
          />
          <Figure label="Telefones inválidos" value={preflight.invalid.length} testId="preflight-invalid" />
        </SimpleGrid>
        {duration ? <Text size="sm">{duration}</Text> : null}
        <TemplateCost preflight={preflight} onOpenPrices={onOpenPrices} />
        {preflight.recipients === 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            Nenhum destinatário sobrou: confira os telefones, grupos e o arquivo.
          </Alert>
        ) : null}

        {preflight.invalid.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Telefones deixados de fora
            </Text>
            <ScrollRegion label="Telefones deixados de fora" minWidth={320}>
              <Table verticalSpacing={4} aria-label="Telefones inválidos">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Telefone</Table.Th>
                    <Table.Th>Problema</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preflight.invalid.map((entry, index) => (
                    <Table.Tr key={`${entry.index ?? index}-${entry.phone}`}>
                      <Table.Td className={classes.breakAnywhere}>{entry.phone || '(vazio)'}</Table.Td>
                      <Table.Td>{entry.message || 'Não é um telefone válido.'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          </Stack>
        ) : null}

        {preflight.samples.length > 0 ? (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {preflight.samples.length === 1 ? 'Como a mensagem vai chegar' : 'Como as primeiras mensagens vão chegar'}
            </Text>
            <Stack gap="xs" component="ul" className={classes.plainList}>
              {preflight.samples.map((sample, index) => (
                <Stack key={`${sample.phone}-${index}`} gap={2} component="li" data-testid="preflight-sample">
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      Para{' '}
                      {sample.name && sample.name !== sample.phone ? `${sample.name} (${sample.phone})` : sample.phone}
                    </Text>
                  </Group>
                  <Stack gap={4} className={classes.bubble}>
                    <CampaignAttachment fileName={fileName} />
                    <Text size="sm" className={classes.messageText}>
                      {sample.text}
                    </Text>
                  </Stack>
                </Stack>
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
