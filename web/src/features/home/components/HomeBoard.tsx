/**
 * The home board (docs/account.md#home-board): from one `GET /api/home`, a card per section the
 * person may see — instances needing attention, people online and blocked, people without the
 * two-factor their role requires, the plan's usage (users, tickets this month, instances, media
 * kept), recent failed logins, the inbox's counts and, for operators, tenants near their limits and
 * tenants deleted lately. A `null` section is not shown, nor the inbox's counts to someone this app
 * shows no inbox (operators). Each card leads to the screen where it is handled (when the person may
 * open it). Loading shows skeletons; a failure, the error with a retry; with nothing to act on, an
 * all-clear.
 */
import { Alert, Box, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  IconBuildingStore,
  IconCircleCheck,
  IconGauge,
  IconLockAccess,
  IconMessages,
  IconPlugConnected,
  IconShieldExclamation,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/LoadError';
import { formatRelative } from '../../../lib/dates';
import { useHome, type Board, type Gauge } from '../api/get-home';
import {
  bytesGaugeText,
  formatNumber,
  formatPercent,
  gaugeText,
  instanceProblem,
  isEmptyBoard,
  isNear,
  LOGIN_FAILURES_ALERT,
  nearLimitText,
  needsAttention,
  plural,
  share,
  usageSummary,
  USERS,
} from '../board';
import { BoardCard } from './BoardCard';
import classes from './HomeBoard.module.css';

/** Where each card leads: a path, or null when the person may not open that screen. */
export interface BoardLinks {
  instances: string | null;
  users: string | null;
  report: string | null;
  inbox: string | null;
  tenants: string | null;
}

export interface HomeBoardProps {
  links: BoardLinks;
}

/** A short list under a card's figure (at most 5 items come from the server). */
function Items({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" className={classes.list} aria-label={label}>
      {children}
    </Box>
  );
}

function Item({ primary, secondary }: { primary: string; secondary?: string }) {
  return (
    <li>
      <Text size="sm" fw={500} span className={classes.itemPrimary}>
        {primary}
      </Text>
      {secondary ? (
        <Text size="sm" c="dimmed" span>
          {` · ${secondary}`}
        </Text>
      ) : null}
    </li>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" mt="auto">
      {children}
    </Text>
  );
}

function InstancesCard({ card, to }: { card: NonNullable<Board['instances']>; to: string | null }) {
  const count = card.attentionCount ?? card.attention.length;
  let body: ReactNode;
  if (count > 0) {
    body = (
      <Items label="Instâncias que pedem atenção">
        {card.attention.map((instance) => (
          <Item key={instance.id} primary={instance.name} secondary={instanceProblem(instance)} />
        ))}
      </Items>
    );
  } else if (card.total === 0) {
    body = <Text size="sm">Nenhuma instância ativa ainda.</Text>;
  } else {
    body = <Text size="sm">Todas conectadas e sincronizadas.</Text>;
  }
  return (
    <BoardCard
      title="Instâncias"
      icon={IconPlugConnected}
      to={to}
      tone={count > 0 ? 'attention' : card.total === 0 ? 'neutral' : 'ok'}
      figure={formatNumber(count)}
      caption={count === 1 ? 'pede atenção' : 'pedem atenção'}
      testId="home-card-instances"
    >
      {body}
      {card.total > 0 ? <Note>{`${plural(card.total, 'instância ativa', 'instâncias ativas')} no total.`}</Note> : null}
    </BoardCard>
  );
}

function PeopleCard({ card, to }: { card: NonNullable<Board['people']>; to: string | null }) {
  return (
    <BoardCard
      title="Pessoas"
      icon={IconUsers}
      to={to}
      tone={card.blockedCount > 0 ? 'attention' : 'neutral'}
      figure={`${formatNumber(card.online)} de ${formatNumber(card.total)}`}
      caption="online agora"
      testId="home-card-people"
    >
      {card.blockedCount > 0 ? (
        <>
          <Text size="sm" fw={500}>
            {`${plural(card.blockedCount, 'pessoa', 'pessoas')} com acesso bloqueado`}
          </Text>
          <Items label="Pessoas com acesso bloqueado">
            {card.blocked.map((person) => (
              <Item key={person.id} primary={person.name} secondary={person.email} />
            ))}
          </Items>
          <Note>Desbloqueie na tela de usuários.</Note>
        </>
      ) : (
        <Text size="sm">Ninguém com o acesso bloqueado.</Text>
      )}
    </BoardCard>
  );
}

function TwoFactorCard({ missing, to }: { missing: number; to: string | null }) {
  return (
    <BoardCard
      title="Sem o segundo fator exigido"
      icon={IconShieldExclamation}
      to={to}
      tone="attention"
      figure={formatNumber(missing)}
      caption={missing === 1 ? 'pessoa' : 'pessoas'}
      testId="home-card-two-factor"
    >
      <Text size="sm">
        O perfil exige a autenticação em dois fatores, que ainda não foi ativada: as telas protegidas ficam fechadas até
        a ativação.
      </Text>
    </BoardCard>
  );
}

/** A gauge: its words (`8 de 25 usuários`, `1,2 GB de 2 GB`), then `(sem limite)` without one, and a bar. */
function GaugeRow({ label, gauge, text }: { label: string; gauge: Gauge; text: string }) {
  const used = share(gauge);
  const color = used === null ? 'blue' : used >= 1 ? 'red' : used >= 0.8 ? 'orange' : 'teal';
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" ta="right">
          {text}
          {used === null ? ' (sem limite)' : ''}
        </Text>
      </Group>
      {/* The text above says it all; the bar only draws it. */}
      <Progress value={used === null ? 0 : Math.min(100, used * 100)} color={color} size="sm" aria-hidden />
    </Stack>
  );
}

/** The card's figure: the fullest limit as a percentage, or the people count without limits. */
function usageFigure(usage: NonNullable<Board['usage']>): { figure: string; caption?: string } {
  const limited = [
    { gauge: usage.users, caption: 'do limite de usuários' },
    { gauge: usage.ticketsThisMonth, caption: 'do limite de tickets do mês' },
    { gauge: usage.mediaBytes, caption: 'do espaço de mídia' },
  ].flatMap(({ gauge, caption }) => {
    const used = gauge ? share(gauge) : null;
    return used === null ? [] : [{ used, caption }];
  });
  const fullest = limited.sort((a, b) => b.used - a.used)[0];
  if (fullest) return { figure: formatPercent(fullest.used), caption: fullest.caption };
  if (usage.users) {
    return { figure: formatNumber(usage.users.used), caption: usage.users.used === 1 ? USERS.one : USERS.many };
  }
  return { figure: '—' };
}

function UsageCard({ usage, to }: { usage: NonNullable<Board['usage']>; to: string | null }) {
  const gauges = [usage.users, usage.ticketsThisMonth, usage.mediaBytes];
  const over = gauges.some((gauge) => gauge && (share(gauge) ?? 0) >= 1);
  const near = gauges.some((gauge) => isNear(gauge));
  const { figure, caption } = usageFigure(usage);
  return (
    <BoardCard
      title="Uso do plano"
      icon={IconGauge}
      to={to}
      tone={over ? 'urgent' : near ? 'attention' : 'neutral'}
      figure={figure}
      caption={caption}
      testId="home-card-usage"
    >
      <Text size="sm" data-testid="home-usage-summary">
        {usageSummary(usage)}
      </Text>
      <Stack gap="sm">
        {usage.users ? <GaugeRow label="Usuários" gauge={usage.users} text={gaugeText(usage.users, USERS)} /> : null}
        {usage.ticketsThisMonth ? (
          <GaugeRow
            label="Tickets este mês"
            gauge={usage.ticketsThisMonth}
            text={gaugeText(usage.ticketsThisMonth, { one: 'ticket', many: 'tickets' })}
          />
        ) : null}
        {usage.instances ? (
          <GaugeRow
            label="Instâncias"
            gauge={usage.instances}
            text={gaugeText(usage.instances, { one: 'ativa', many: 'ativas' })}
          />
        ) : null}
        {usage.mediaBytes ? (
          <GaugeRow label="Mídia armazenada" gauge={usage.mediaBytes} text={bytesGaugeText(usage.mediaBytes)} />
        ) : null}
      </Stack>
      {over ? <Note>Um limite do plano foi atingido: fale com o suporte para mudar de plano.</Note> : null}
    </BoardCard>
  );
}

function LoginFailuresCard({ card, to }: { card: NonNullable<Board['loginFailures']>; to: string | null }) {
  return (
    <BoardCard
      title="Falhas de login"
      icon={IconLockAccess}
      to={to}
      tone={card.last24h >= LOGIN_FAILURES_ALERT ? 'attention' : 'neutral'}
      figure={formatNumber(card.last24h)}
      caption="nas últimas 24 horas"
      testId="home-card-login-failures"
    >
      {card.recent.length > 0 ? (
        <Items label="Falhas de login mais recentes">
          {card.recent.map((failure, index) => (
            <Item
              key={`${failure.at}-${index}`}
              primary={failure.email}
              secondary={[failure.reason, formatRelative(failure.at)].filter(Boolean).join(' · ')}
            />
          ))}
        </Items>
      ) : (
        <Text size="sm">Nenhuma tentativa errada.</Text>
      )}
    </BoardCard>
  );
}

function InboxCard({ card, to }: { card: NonNullable<Board['inbox']>; to: string | null }) {
  const details = [
    `${formatNumber(card.open)} em andamento`,
    card.mine === undefined ? null : `${formatNumber(card.mine)} com você`,
    card.withBot ? `${formatNumber(card.withBot)} com o bot` : null,
  ].filter((part): part is string => part !== null);
  return (
    <BoardCard
      title="Atendimentos"
      icon={IconMessages}
      to={to}
      tone={card.pending > 0 ? 'attention' : 'ok'}
      figure={formatNumber(card.pending)}
      caption="aguardando atendimento"
      testId="home-card-inbox"
    >
      <Text size="sm">{details.join(' · ')}</Text>
    </BoardCard>
  );
}

function OperatorCards({ card, to }: { card: NonNullable<Board['operator']>; to: string | null }) {
  return (
    <>
      <BoardCard
        title="Empresas perto dos limites"
        icon={IconBuildingStore}
        to={to}
        tone={
          card.nearLimits.some((near) => near.used >= near.limit)
            ? 'urgent'
            : card.nearLimits.length > 0
              ? 'attention'
              : 'ok'
        }
        figure={formatNumber(card.nearLimits.length)}
        caption={card.nearLimits.length === 1 ? 'empresa' : 'empresas'}
        testId="home-card-near-limits"
      >
        {card.nearLimits.length > 0 ? (
          <Items label="Empresas perto dos limites">
            {card.nearLimits.map((near) => (
              <Item key={`${near.tenant}-${near.resource}`} primary={near.tenant} secondary={nearLimitText(near)} />
            ))}
          </Items>
        ) : (
          <Text size="sm">Nenhuma empresa com 80% ou mais de um limite.</Text>
        )}
      </BoardCard>
      <BoardCard
        title="Empresas excluídas"
        icon={IconBuildingStore}
        to={to}
        tone="neutral"
        figure={formatNumber(card.recentlyDeleted.length)}
        caption="nos últimos 30 dias"
        testId="home-card-deleted"
      >
        {card.recentlyDeleted.length > 0 ? (
          <>
            <Items label="Empresas excluídas recentemente">
              {card.recentlyDeleted.map((tenant) => (
                <Item
                  key={tenant.tenant}
                  primary={tenant.tenant}
                  secondary={`excluída ${formatRelative(tenant.deletedAt)}`}
                />
              ))}
            </Items>
            <Note>Podem ser restauradas na tela de empresas.</Note>
          </>
        ) : (
          <Text size="sm">Nenhuma empresa excluída.</Text>
        )}
      </BoardCard>
    </>
  );
}

function LoadingBoard() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Carregando o quadro">
      {[0, 1, 2].map((index) => (
        <Paper key={index} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Skeleton height={28} width="60%" />
            <Skeleton height={32} width="30%" />
            <Skeleton height={12} />
            <Skeleton height={12} width="80%" />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function HomeBoard({ links }: HomeBoardProps) {
  const home = useHome();
  if (home.isPending) return <LoadingBoard />;
  if (home.isError) {
    return (
      <LoadError
        title="Não foi possível carregar o quadro."
        error={home.error}
        onRetry={() => void home.refetch()}
        retrying={home.isFetching}
      />
    );
  }
  const board = home.data;
  if (isEmptyBoard(board)) {
    return (
      <Text c="dimmed">Nada para acompanhar aqui por enquanto. Use o menu para abrir as telas do seu perfil.</Text>
    );
  }
  const people = board.people;
  return (
    <Stack gap="md">
      {needsAttention(board, links.inbox !== null) ? null : (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} role="status">
          <Text size="sm" fw={500}>
            Tudo em ordem: nada pede a sua atenção agora.
          </Text>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
        {/* Only for someone whose inbox this app shows (an operator's is none). */}
        {board.inbox && links.inbox ? <InboxCard card={board.inbox} to={links.inbox} /> : null}
        {board.instances ? <InstancesCard card={board.instances} to={links.instances} /> : null}
        {people ? <PeopleCard card={people} to={links.users} /> : null}
        {people && people.missingTwoFactor > 0 ? (
          <TwoFactorCard missing={people.missingTwoFactor} to={links.users} />
        ) : null}
        {board.usage ? <UsageCard usage={board.usage} to={links.users ?? links.instances} /> : null}
        {board.loginFailures ? <LoginFailuresCard card={board.loginFailures} to={links.report ?? links.users} /> : null}
        {board.operator ? <OperatorCards card={board.operator} to={links.tenants} /> : null}
      </SimpleGrid>
    </Stack>
  );
}
