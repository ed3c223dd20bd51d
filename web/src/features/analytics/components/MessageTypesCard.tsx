/**
 * "Mensagens por tipo": the period's messages received and sent split into Texto, Fotos, Áudios,
 * Vídeos, Documentos and Outros (message-types.ts), as horizontal bars (one image named by a
 * summary) beside a table with each count and its share of the total — side by side from md up,
 * the table under the bars on a phone. An empty period says so instead.
 */
import { BarChart } from '@mantine/charts';
import { Box, Group, Paper, SimpleGrid, Stack, Table, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useId } from 'react';
import type { Totals } from '../api/schemas';
import { formatCount, formatShare } from '../format';
import { messageTypes } from '../message-types';
import { CHART_TEXT } from './ChartCard';
import { FigureInfo } from './FigureInfo';

const TITLE = 'Mensagens por tipo';

export function MessageTypesCard({ totals }: { totals: Totals }) {
  const titleId = useId();
  const { rows, total } = messageTypes(totals);
  const top = rows.reduce((best, row) => (row.count > best.count ? row : best), rows[0] ?? { label: '', count: 0 });
  const summary = `Gráfico de barras horizontais das ${formatCount(total)} mensagens do período por tipo; a maior parte, ${top.label.toLowerCase()}, com ${formatCount(top.count)} (${formatShare(top.count, total)}). Os números estão na tabela a seguir.`;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap={4} wrap="nowrap">
          <Title order={3} size="h5" id={titleId}>
            {TITLE}
          </Title>
          <FigureInfo figure="messageTypes" />
        </Group>
        {total === 0 ? (
          <Stack align="center" gap={4} py="lg" data-testid="message-types-empty">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
              <IconMessages size={24} stroke={1.5} />
            </ThemeIcon>
            <Text size="sm" fw={500} ta="center">
              Nenhuma mensagem no período.
            </Text>
            <Text size="sm" c="dimmed" ta="center">
              Quando clientes e equipe conversarem, a divisão entre texto, fotos, áudios e outros aparece aqui.
            </Text>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
            <Box role="img" aria-label={summary} h={rows.length * 34 + 40}>
              <BarChart
                h="100%"
                data={rows}
                dataKey="label"
                orientation="vertical"
                series={[{ name: 'count', label: 'Mensagens', color: 'indigo.6' }]}
                yAxisProps={{ width: 90 }}
                textColor={CHART_TEXT}
                valueFormatter={formatCount}
                accessibilityLayer={false}
              />
            </Box>
            <Table verticalSpacing={4} data-testid="message-types-table">
              <VisuallyHidden component="caption">{`${TITLE}: quantidade e parte do total`}</VisuallyHidden>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Tipo</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Mensagens
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    % do total
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-type={row.id}>
                    <Table.Th scope="row" fw={400}>
                      {row.label}
                    </Table.Th>
                    <Table.Td ta="right">{formatCount(row.count)}</Table.Td>
                    <Table.Td ta="right">{formatShare(row.count, total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">Total</Table.Th>
                  <Table.Td ta="right" fw={600}>
                    {formatCount(total)}
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatShare(total, total)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
