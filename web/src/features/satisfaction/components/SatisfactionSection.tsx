/**
 * "Satisfação dos clientes (CSAT)" on the productivity screen, with its period and filters
 * (`GET /api/dashboard/satisfaction`): the CSAT (share of 4 and 5) with its sample, the average
 * grade, the response rate and the surveys sent; the answers per grade as bars; the figures by
 * agent, department, closing reason, tag and quick reply; the latest comments; and the sheet
 * (`…/satisfaction/sheet`). A figure without a sample reads "—", never 0 %.
 */
import { Box, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { DownloadButton } from '../../../components/DownloadButton';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { formatDateTime } from '../../../lib/dates';
import type { Period } from '../../../lib/period';
import { fallbackFileName } from '../../../lib/sheets';
import { SATISFACTION_SHEET_PATH, satisfactionQuery, useSatisfaction } from '../api/get-satisfaction';
import type { Satisfaction, SatisfactionComment, SatisfactionGroup } from '../api/schemas';
import { formatAverage, formatCount, formatPercentValue, ratingLabel, stars } from '../format';
import type { SatisfactionFilters } from '../keys';
import classes from './satisfaction.module.css';

export interface SatisfactionSectionProps {
  period: Period;
  filters: SatisfactionFilters;
  /** False while the screen's period is invalid: nothing is asked. */
  enabled?: boolean;
}

type GroupKey = 'byAgent' | 'byDepartment' | 'byReason' | 'byTag' | 'byQuickReply';

const GROUPS: readonly { key: GroupKey; label: string; column: string }[] = [
  { key: 'byAgent', label: 'Atendente', column: 'Atendente' },
  { key: 'byDepartment', label: 'Departamento', column: 'Departamento' },
  { key: 'byReason', label: 'Motivo de encerramento', column: 'Motivo' },
  { key: 'byTag', label: 'Etiqueta', column: 'Etiqueta' },
  { key: 'byQuickReply', label: 'Resposta rápida', column: 'Resposta rápida' },
];

const EMPTY_TEXT = 'Nenhuma pesquisa enviada no período. Ative a pesquisa em Níveis de serviço.';

function Figure({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} c="dimmed">
          {label}
        </Text>
        <Text className={classes.value} component="span" display="block">
          {value}
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed" component="div">
            {detail}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Figures({ data }: { data: Satisfaction }) {
  const { overall } = data;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Figure
        label="CSAT"
        value={formatPercentValue(overall.csatPercent)}
        detail={`n = ${formatCount(overall.answered)} · notas 4 e 5`}
      />
      <Figure label="Nota média" value={formatAverage(overall.average)} detail="de 1 a 5" />
      <Figure
        label="Taxa de resposta"
        value={formatPercentValue(overall.responseRatePercent)}
        detail={`${formatCount(overall.answered)} de ${formatCount(overall.sent)} responderam`}
      />
      <Figure label="Pesquisas enviadas" value={formatCount(overall.sent)} />
    </SimpleGrid>
  );
}

/** The answers per grade, 5 first: a list whose items say everything; the bars only show it. */
function RatingBars({ ratings }: { ratings: readonly number[] }) {
  const titleId = useId();
  const total = ratings.reduce((sum, count) => sum + count, 0);
  const grades = [5, 4, 3, 2, 1];
  return (
    <Paper withBorder radius="md" p="md">
      <Text id={titleId} size="sm" fw={600} mb="xs">
        Respostas por nota
      </Text>
      <Stack component="ul" gap={6} m={0} p={0} aria-labelledby={titleId} className={classes.list}>
        {grades.map((grade) => {
          const count = ratings[grade - 1] ?? 0;
          const share = total > 0 ? (count / total) * 100 : 0;
          return (
            <Group key={grade} component="li" gap="sm" wrap="nowrap">
              <Text size="sm" className={classes.gradeLabel}>
                Nota {grade}
              </Text>
              <Progress
                value={share}
                flex={1}
                size="lg"
                radius="sm"
                color={grade >= 4 ? 'teal' : grade === 3 ? 'yellow' : 'red'}
                aria-hidden
              />
              <Text size="sm" className={classes.gradeCount}>
                {formatCount(count)}
                {total > 0 ? ` (${formatPercentValue(share)})` : ''}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}

function GroupTable({ rows, label, column }: { rows: readonly SatisfactionGroup[]; label: string; column: string }) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        Nenhuma pesquisa por {label.toLowerCase()} no período.
      </Text>
    );
  }
  return (
    <ScrollRegion label={`Satisfação por ${label.toLowerCase()} (tabela)`} minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{column}</Table.Th>
            <Table.Th scope="col" className={classes.numeric}>
              Enviadas
            </Table.Th>
            <Table.Th scope="col" className={classes.numeric}>
              Respondidas (n)
            </Table.Th>
            <Table.Th scope="col" className={classes.numeric}>
              Nota média
            </Table.Th>
            <Table.Th scope="col" className={classes.numeric}>
              CSAT
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${String(row.id)}-${row.name}`}>
              <Table.Th scope="row" fw={500}>
                {row.name}
              </Table.Th>
              <Table.Td className={classes.numeric}>{formatCount(row.sent)}</Table.Td>
              <Table.Td className={classes.numeric}>{formatCount(row.answered)}</Table.Td>
              <Table.Td className={classes.numeric}>{formatAverage(row.average)}</Table.Td>
              <Table.Td className={classes.numeric}>{formatPercentValue(row.csatPercent)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

function GroupTabs({ data }: { data: Satisfaction }) {
  const [tab, setTab] = useState<GroupKey>('byAgent');
  return (
    <Paper withBorder radius="md" p="sm">
      <Tabs value={tab} onChange={(value) => setTab((value as GroupKey | null) ?? 'byAgent')} keepMounted={false}>
        <Tabs.List aria-label="Satisfação por" className={classes.tabs} mb="sm">
          {GROUPS.map((group) => (
            <Tabs.Tab key={group.key} value={group.key}>
              {group.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {GROUPS.map((group) => (
          <Tabs.Panel key={group.key} value={group.key}>
            <GroupTable rows={data[group.key]} label={group.label} column={group.column} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}

function Comment({ comment }: { comment: SatisfactionComment }) {
  return (
    <Box component="li" py="xs">
      <Group gap="xs" wrap="wrap" align="baseline">
        <Text component="span" role="img" aria-label={ratingLabel(comment.rating)} className={classes.stars}>
          {stars(comment.rating)}
        </Text>
        <Text size="xs" c="dimmed" component="span">
          {comment.agent ?? 'Sem atendente'} · {formatDateTime(comment.answeredAt)} · ticket #{comment.ticketId}
        </Text>
      </Group>
      <Text size="sm" className={classes.comment}>
        {comment.comment}
      </Text>
    </Box>
  );
}

function Comments({ comments }: { comments: readonly SatisfactionComment[] }) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md">
      <Text id={titleId} size="sm" fw={600} mb={4}>
        Últimos comentários
      </Text>
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum comentário no período.
        </Text>
      ) : (
        <Box component="ul" m={0} p={0} aria-labelledby={titleId} className={classes.list}>
          {comments.map((comment) => (
            <Comment key={`${comment.ticketId}-${comment.answeredAt}`} comment={comment} />
          ))}
        </Box>
      )}
    </Paper>
  );
}

export function SatisfactionSection({ period, filters, enabled = true }: SatisfactionSectionProps) {
  const titleId = useId();
  const satisfaction = useSatisfaction(period, filters, enabled);
  const data = satisfaction.data;

  let content: ReactNode = null;
  if (!enabled) content = null;
  else if (satisfaction.isPending)
    content = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Carregando a satisfação dos clientes">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {[0, 1, 2, 3].map((card) => (
            <Skeleton key={card} height={92} />
          ))}
        </SimpleGrid>
        <Skeleton height={160} />
      </Stack>
    );
  else if (satisfaction.isError && !data)
    content = (
      <LoadError
        title="Não foi possível carregar a satisfação dos clientes."
        error={satisfaction.error}
        onRetry={() => void satisfaction.refetch()}
        retrying={satisfaction.isFetching}
      />
    );
  else if (data && data.overall.sent === 0)
    content = <EmptyState icon={IconMoodSmile} title="Sem pesquisas de satisfação" description={EMPTY_TEXT} />;
  else if (data)
    content = (
      <Stack gap="sm" opacity={satisfaction.isPlaceholderData ? 0.6 : 1} aria-busy={satisfaction.isPlaceholderData}>
        <Figures data={data} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <RatingBars ratings={data.ratings} />
          <Comments comments={data.comments} />
        </SimpleGrid>
        <GroupTabs data={data} />
      </Stack>
    );

  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId} data-testid="satisfaction-section">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h3" id={titleId}>
            Satisfação dos clientes (CSAT)
          </Title>
          <Text size="sm" c="dimmed">
            A nota de 1 a 5 que os clientes dão ao atendimento encerrado. CSAT: parte das notas 4 e 5.
          </Text>
        </Stack>
        <DownloadButton
          label="Baixar planilha"
          title="Planilha de satisfação"
          path={SATISFACTION_SHEET_PATH}
          query={satisfactionQuery(period, filters)}
          fallbackName={fallbackFileName('satisfacao', period)}
          disabled={!enabled}
        />
      </Group>
      {content}
    </Stack>
  );
}
