/**
 * One campaign (`/campaigns?campaign=7`, so a reload or a shared link opens it): its status — with
 * why the server paused it ("Pausada: a instância desconectou") —, live counts and progress, the
 * moves its status allows (Iniciar, Pausar, Retomar, Cancelar after confirming, Reenviar falhas),
 * the message (with the file it carries, if any; on an official number the approved template with
 * its parameters' values), what the pre-flight found, and the recipients filtered by status.
 */
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconPlayerPause,
  IconPlayerPlay,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { TemplateText } from '../../../components/TemplateFields';
import { errorMessage } from '../../../lib/api-errors';
import { RECIPIENT_STATUS_PLURALS, RECIPIENT_STATUSES } from '../../../lib/campaign-statuses';
import { formatDateTime } from '../../../lib/dates';
import { isFeatureDisabled } from '../../../lib/features';
import { ApiError } from '../../../lib/http';
import { useCampaignAction, type CampaignAction } from '../api/campaign-action';
import { useCampaign } from '../api/get-campaign';
import type { Campaign, ChosenTemplate } from '../api/schemas';
import { formatCount, formatDuration } from '../progress';
import { ACTION_DONE, ACTION_LABELS, allowedActions } from '../status';
import { categoryLabel } from '../../../lib/message-templates';
import { CampaignAttachment } from './CampaignAttachment';
import { CampaignProgress, CampaignStatusBadge } from './CampaignProgress';
import classes from './campaigns.module.css';
import { FeatureOff } from './FeatureOff';
import { RecipientsTable } from './RecipientsTable';

export interface CampaignDetailProps {
  id: number;
  /** The list's link (the filter it was opened from kept). */
  backPath: string;
}

const ACTION_ICONS: Record<CampaignAction, ReactNode> = {
  start: <IconPlayerPlay size={16} />,
  pause: <IconPlayerPause size={16} />,
  resume: <IconPlayerPlay size={16} />,
  cancel: <IconX size={16} />,
  'retry-failed': <IconRefresh size={16} />,
};

function Back({ to }: { to: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" className={classes.back}>
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Voltar às campanhas
      </Group>
    </Anchor>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** The approved template a campaign sends: its name, language, category and parameters' values. */
function CampaignTemplate({ template, body }: { template: ChosenTemplate; body: string }) {
  return (
    <Stack gap="xs" data-testid="campaign-template">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" className={classes.breakAnywhere}>
          <Text span fw={600}>
            Modelo:
          </Text>{' '}
          {template.name}
          {template.language ? ` · ${template.language}` : ''}
        </Text>
        {template.category ? (
          <Badge size="sm" variant="light" color="gray">
            {categoryLabel(template.category)}
          </Badge>
        ) : null}
      </Group>
      {template.parameters.length > 0 ? (
        <Stack gap={2} component="ul" aria-label="Parâmetros do modelo" className={classes.plainList}>
          {template.parameters.map((value, position) => (
            <Text key={position} size="sm" component="li" className={classes.breakAnywhere}>
              <Text span c="dimmed" size="sm">{`Parâmetro {{${position + 1}}}:`}</Text> {value}
            </Text>
          ))}
        </Stack>
      ) : null}
      {body ? (
        <TemplateText title="Texto do modelo" body={body} values={template.parameters} className={classes.bubble} />
      ) : null}
    </Stack>
  );
}

function invalidCount(campaign: Campaign): number {
  const invalid = campaign.preflight?.invalid ?? 0;
  return typeof invalid === 'number' ? invalid : invalid.length;
}

export function CampaignDetail({ id, backPath }: CampaignDetailProps) {
  const campaign = useCampaign(id);
  const action = useCampaignAction(id);
  const [confirmCancel, setConfirmCancel] = useState(false);

  if (campaign.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Carregando a campanha">
        <Back to={backPath} />
        <Skeleton height={180} radius="md" />
        <Skeleton height={260} radius="md" />
      </Stack>
    );
  }
  if (campaign.isError) {
    return (
      <Stack gap="md">
        <Back to={backPath} />
        {isFeatureDisabled(campaign.error) ? (
          <FeatureOff error={campaign.error} />
        ) : (
          <LoadError
            title={
              campaign.error instanceof ApiError && campaign.error.status === 404
                ? 'Campanha não encontrada.'
                : 'Não foi possível carregar a campanha.'
            }
            error={campaign.error}
            onRetry={() => void campaign.refetch()}
            retrying={campaign.isFetching}
          />
        )}
      </Stack>
    );
  }

  const data = campaign.data;
  const actions = allowedActions(data);

  function run(move: CampaignAction) {
    action.mutate(move, {
      onSuccess: (updated) => {
        setConfirmCancel(false);
        notifications.show({
          color: move === 'cancel' ? 'gray' : 'teal',
          title: ACTION_DONE[move],
          message:
            move === 'start' && updated.status === 'scheduled'
              ? `Começa em ${formatDateTime(updated.scheduledAt)}.`
              : `“${updated.name}”: ${updated.status === 'running' ? 'enviando' : 'atualizada'}.`,
        });
      },
      onError: (error) => {
        setConfirmCancel(false);
        notifications.show({
          color: 'red',
          title: `Não foi possível ${ACTION_LABELS[move].toLowerCase().replace(' campanha', '')}`,
          message: errorMessage(error),
        });
      },
    });
  }

  const rate = data.ratePerMinute !== null ? `${formatCount(data.ratePerMinute)} mensagens por minuto` : '—';

  return (
    <Stack gap="lg">
      <Back to={backPath} />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="campaign-title">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
            <Stack gap={4} miw={0} flex="1 1 18rem">
              <Title order={2} id="campaign-title" className={classes.breakAnywhere}>
                {data.name}
              </Title>
              <Group gap="xs">
                <CampaignStatusBadge campaign={data} />
                <Text size="sm" c="dimmed">
                  {data.instanceName ?? (data.instanceId !== null ? `Instância #${data.instanceId}` : '')}
                </Text>
              </Group>
            </Stack>
            {actions.length > 0 ? (
              <Group gap="xs" wrap="wrap">
                {actions.map((move) => (
                  <Button
                    key={move}
                    leftSection={ACTION_ICONS[move]}
                    variant={move === 'cancel' ? 'default' : 'filled'}
                    color={move === 'cancel' ? 'red' : undefined}
                    loading={action.isPending && action.variables === move}
                    disabled={action.isPending && action.variables !== move}
                    onClick={() => (move === 'cancel' ? setConfirmCancel(true) : run(move))}
                  >
                    {move === 'cancel' ? 'Cancelar' : ACTION_LABELS[move]}
                  </Button>
                ))}
              </Group>
            ) : null}
          </Group>

          {data.status === 'paused' && data.pausedReason === 'instance_disconnected' ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title="Pausada: a instância desconectou"
            >
              O envio continua sozinho quando {data.instanceName ?? 'a instância'} conectar de novo. Você também pode
              retomar agora ou cancelar.
            </Alert>
          ) : null}
          {data.status === 'draft' ? (
            <Text size="sm" c="dimmed">
              Rascunho: nada foi enviado.{' '}
              {data.scheduledAt
                ? `Ao iniciar, ela fica agendada para ${formatDateTime(data.scheduledAt)}.`
                : 'Ao iniciar, o envio começa no ritmo da instância.'}
            </Text>
          ) : null}

          <CampaignProgress campaign={data} large />

          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            {RECIPIENT_STATUSES.map((status) => (
              <Paper key={status} withBorder radius="sm" p="xs" data-testid={`stat-${status}`}>
                <Text size="xs" c="dimmed">
                  {RECIPIENT_STATUS_PLURALS[status]}
                </Text>
                <Text fw={700} size="lg">
                  {formatCount(data.counts[status])}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Fact label="Destinatários">{formatCount(data.total)}</Fact>
            <Fact label="Ritmo da instância">{rate}</Fact>
            <Fact label="Criada em">{formatDateTime(data.createdAt)}</Fact>
            {data.scheduledAt ? <Fact label="Agendada para">{formatDateTime(data.scheduledAt)}</Fact> : null}
            {data.startedAt ? <Fact label="Iniciada em">{formatDateTime(data.startedAt)}</Fact> : null}
            {data.finishedAt ? <Fact label="Terminou em">{formatDateTime(data.finishedAt)}</Fact> : null}
            {data.status === 'running' && data.remainingSeconds !== null ? (
              <Fact label="Tempo restante">cerca de {formatDuration(data.remainingSeconds)}</Fact>
            ) : null}
          </SimpleGrid>
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="campaign-message">
          <Title order={3} size="h4" id="campaign-message" mb="xs">
            Mensagem
          </Title>
          {data.template ? (
            <CampaignTemplate template={data.template} body={data.body} />
          ) : (
            <Stack gap="xs">
              <CampaignAttachment fileName={data.attachment?.fileName} />
              <Text size="sm" className={classes.messageText}>
                {data.body}
              </Text>
            </Stack>
          )}
        </Paper>
        {data.preflight ? (
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="campaign-preflight">
            <Title order={3} size="h4" id="campaign-preflight" mb="xs">
              Verificação dos destinatários
            </Title>
            <SimpleGrid cols={2} spacing="xs">
              <Fact label="Destinatários">{formatCount(data.preflight.recipients)}</Fact>
              <Fact label="Duplicados removidos">{formatCount(data.preflight.duplicatesRemoved)}</Fact>
              <Fact label="Na lista de bloqueio (falha)">{formatCount(data.preflight.blacklistedSkipped)}</Fact>
              <Fact label="Telefones inválidos">{formatCount(invalidCount(data))}</Fact>
            </SimpleGrid>
          </Paper>
        ) : null}
      </SimpleGrid>

      <RecipientsTable campaignId={id} />

      <ConfirmDialog
        opened={confirmCancel}
        title="Cancelar campanha"
        confirmLabel="Cancelar campanha"
        cancelLabel="Voltar"
        loading={action.isPending}
        onConfirm={() => run('cancel')}
        onClose={() => setConfirmCancel(false)}
      >
        {`Cancelar “${data.name}”? Quem ainda não recebeu não recebe mais; o que já foi enviado fica. Não dá para desfazer.`}
      </ConfirmDialog>
    </Stack>
  );
}
