/**
 * The analytics dashboard's "Por etiqueta" (`tags` of GET /api/dashboard/analytics): the figures of
 * the tags with most tickets opened in the period (the server's twenty, busiest first), under the
 * instance and department filters — tickets opened and closed, messages received and sent, the
 * median first response and resolution with their samples, the SLA attainment of each target with
 * its sample — in a table, and the tickets opened per
 * tag as bars (in each tag's colour). A row sets the dashboard's tag filter (again: clears it); the
 * list itself is not narrowed by that filter.
 */
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { TagBadge } from '../../../components/TagBadge';
import type { DurationStats, TagFigures } from '../api/schemas';
import { formatCount, formatDuration } from '../format';
import classes from './analytics.module.css';
import { CHART_TEXT, ChartCard } from './ChartCard';
import { ScrollTable } from './ScrollTable';
import { SlaAttainment } from './SlaAttainment';

/** Bars drawn at most: the server lists the twenty busiest tags (docs/analytics.md#by-tag). */
export const CHART_TAGS = 20;

export interface AnalyticsByTagProps {
  tags: readonly TagFigures[];
  /** The dashboard's tag filter (null: none). */
  chosenTagId: number | null;
  onChoose: (tagId: number | null) => void;
}

/** A median with its sample: `3 min 25 s` over `n = 380`. */
function Median({ stats }: { stats: DurationStats }) {
  return (
    <>
      {formatDuration(stats.medianSecs)}{' '}
      <Text size="xs" c="dimmed">
        <abbr title="tickets na amostra">n</abbr> = {formatCount(stats.count)}
      </Text>
    </>
  );
}

function TagsTable({ tags, chosenTagId, onChoose }: AnalyticsByTagProps) {
  const numeric = classes.numeric;
  // The headers wrap ("Mensagens / recebidas"): nine columns fit a laptop's width.
  const heading = classes.numericHeading;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" id="analytics-tags-table" mb="sm">
        Números por etiqueta
      </Title>
      <ScrollTable label="Números por etiqueta (tabela)" minWidth={960}>
        <Table highlightOnHover verticalSpacing="xs" aria-labelledby="analytics-tags-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" className={classes.bottomHeading}>
                Etiqueta
              </Table.Th>
              <Table.Th scope="col" className={heading}>
                Abertos
              </Table.Th>
              <Table.Th scope="col" className={heading}>
                Encerrados
              </Table.Th>
              <Table.Th scope="col" className={heading}>
                Mensagens recebidas
              </Table.Th>
              <Table.Th scope="col" className={heading}>
                Mensagens enviadas
              </Table.Th>
              <Table.Th scope="col" className={heading}>
                1ª resposta (mediana)
              </Table.Th>
              <Table.Th scope="col" className={heading}>
                Resolução (mediana)
              </Table.Th>
              <Table.Th scope="col" className={heading}>
                SLA de 1ª resposta
              </Table.Th>
              <Table.Th scope="col" className={heading}>
                SLA de resolução
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tags.map((tag) => {
              const chosen = tag.id === chosenTagId;
              const choose = () => onChoose(chosen ? null : tag.id);
              return (
                <Table.Tr
                  key={tag.id}
                  onClick={choose}
                  className={classes.clickableRow}
                  data-selected={chosen || undefined}
                  data-tag-row={tag.id}
                >
                  <Table.Th scope="row" className={classes.tagCell}>
                    {/* The keyboard's way in; a click on it is the row's (it bubbles). */}
                    <UnstyledButton
                      aria-pressed={chosen}
                      aria-label={`Filtrar por ${tag.name}`}
                      className={classes.tagButton}
                    >
                      <TagBadge tag={tag} />
                    </UnstyledButton>
                  </Table.Th>
                  <Table.Td className={numeric}>{formatCount(tag.ticketsOpened)}</Table.Td>
                  <Table.Td className={numeric}>{formatCount(tag.ticketsClosed)}</Table.Td>
                  <Table.Td className={numeric}>{formatCount(tag.messagesIn)}</Table.Td>
                  <Table.Td className={numeric}>{formatCount(tag.messagesOut)}</Table.Td>
                  <Table.Td className={numeric}>
                    <Median stats={tag.firstResponse} />
                  </Table.Td>
                  <Table.Td className={numeric}>
                    <Median stats={tag.resolution} />
                  </Table.Td>
                  <Table.Td className={numeric}>
                    <SlaAttainment met={tag.slaResponseMet} tickets={tag.slaResponseTickets} stacked />
                  </Table.Td>
                  <Table.Td className={numeric}>
                    <SlaAttainment met={tag.slaResolutionMet} tickets={tag.slaResolutionTickets} stacked />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}

function OpenedChart({ tags }: { tags: readonly TagFigures[] }) {
  const busiest = [...tags]
    .filter((tag) => tag.ticketsOpened > 0)
    .sort((a, b) => b.ticketsOpened - a.ticketsOpened || a.name.localeCompare(b.name, 'pt-BR'))
    .slice(0, CHART_TAGS);
  const top = busiest[0];
  const rows = busiest.map((tag) => ({ name: tag.name, ticketsOpened: tag.ticketsOpened, color: tag.color }));
  return (
    <ChartCard
      title="Tickets abertos por etiqueta"
      figure="ticketsOpened"
      summary={
        top
          ? `Gráfico de barras horizontais dos tickets abertos por etiqueta, ${busiest.length === 1 ? 'uma etiqueta' : `${busiest.length} etiquetas`}; a primeira, ${top.name}, com ${formatCount(top.ticketsOpened)}.`
          : ''
      }
      rows={busiest}
      rowKey={(tag) => String(tag.id)}
      columns={[
        { label: 'Etiqueta', value: (tag) => tag.name },
        { label: 'Tickets abertos', value: (tag) => formatCount(tag.ticketsOpened) },
      ]}
      empty={top ? null : 'Nenhum ticket com etiqueta aberto no período.'}
      height={Math.max(120, busiest.length * 34 + 40)}
    >
      <BarChart
        h="100%"
        data={rows}
        dataKey="name"
        orientation="vertical"
        series={[{ name: 'ticketsOpened', label: 'Tickets abertos', color: 'indigo.6' }]}
        yAxisProps={{ width: 140 }}
        textColor={CHART_TEXT}
        valueFormatter={formatCount}
        accessibilityLayer={false}
      />
    </ChartCard>
  );
}

export function AnalyticsByTag({ tags, chosenTagId, onChoose }: AnalyticsByTagProps) {
  return (
    <section aria-labelledby="analytics-tags">
      <Title order={2} size="h4" id="analytics-tags" mb={4}>
        Por etiqueta
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        As etiquetas com mais tickets abertos no período, com os filtros de instância e departamento. Um ticket com mais
        de uma etiqueta conta em cada uma, então a soma não é o total. Escolha uma etiqueta para filtrar o dashboard por
        ela.
      </Text>
      {tags.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="dimmed" py="lg" ta="center">
            Nenhuma etiqueta com números no período.
          </Text>
        </Paper>
      ) : (
        <Stack gap="md">
          <TagsTable tags={tags} chosenTagId={chosenTagId} onChoose={onChoose} />
          <OpenedChart tags={tags} />
        </Stack>
      )}
    </section>
  );
}
