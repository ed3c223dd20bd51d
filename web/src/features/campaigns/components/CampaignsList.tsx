/**
 * The campaigns, newest first (docs/campaigns.md): a card each with its status, instance, dates,
 * the file it sends (if any) and live progress (the realtime `CampaignUpdated` writes into the
 * cached pages: ../realtime.ts), filtered by status (in the URL, `?status=running`), 20 at a time
 * with "Carregar mais" (keyset, by `nextCursor`). A card opens the campaign's detail; "Ritmo de envio" beside "Nova campanha" each
 * instance's send rate; "Preços dos modelos" (only for those who may edit it) the template price table.
 */
import { Anchor, Button, Card, Group, Loader, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCurrencyReal, IconGauge, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { formatDateTime } from '../../../lib/dates';
import { isFeatureDisabled } from '../../../lib/features';
import { useCampaigns } from '../api/get-campaigns';
import { CAMPAIGN_STATUSES, type Campaign } from '../api/schemas';
import { CAMPAIGN_STATUS_LABELS } from '../status';
import { CampaignAttachment } from './CampaignAttachment';
import { CampaignProgress, CampaignStatusBadge } from './CampaignProgress';
import { FeatureOff } from './FeatureOff';
import { LoadMore } from '../../../components/LoadMore';
import classes from './campaigns.module.css';

const ALL = 'all';

const FILTERS = [
  { value: ALL, label: 'Todas' },
  ...CAMPAIGN_STATUSES.map((status) => ({ value: status, label: CAMPAIGN_STATUS_LABELS[status] ?? status })),
];

export interface CampaignsListProps {
  /** '' = every status. */
  status: string;
  onStatusChange: (status: string) => void;
  /** The link of a campaign's detail. */
  detailPath: (id: number) => string;
  onCreate: () => void;
  /** Opens "Ritmo de envio" (each instance's send rate). */
  onRates: () => void;
  /** Opens "Preços dos modelos" (route `instances`); absent: the button is not shown. */
  onPrices?: () => void;
}

function when(campaign: Campaign): string {
  if (campaign.status === 'scheduled' && campaign.scheduledAt)
    return `Agendada para ${formatDateTime(campaign.scheduledAt)}`;
  if (campaign.finishedAt) return `Terminou em ${formatDateTime(campaign.finishedAt)}`;
  if (campaign.startedAt) return `Iniciada em ${formatDateTime(campaign.startedAt)}`;
  if (campaign.scheduledAt) return `Para ${formatDateTime(campaign.scheduledAt)}`;
  return `Criada em ${formatDateTime(campaign.createdAt)}`;
}

function CampaignCard({ campaign, href }: { campaign: Campaign; href: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="li" data-testid="campaign-card" data-campaign-id={campaign.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} miw={0} flex="1 1 16rem">
            <Title order={2} size="h4" className={classes.breakAnywhere}>
              <Anchor component={Link} to={href} inherit>
                {campaign.name}
              </Anchor>
            </Title>
            <Text size="sm" c="dimmed">
              {campaign.instanceName ?? (campaign.instanceId !== null ? `Instância #${campaign.instanceId}` : '—')} ·{' '}
              {when(campaign)}
            </Text>
            <CampaignAttachment fileName={campaign.attachment?.fileName} />
          </Stack>
          <CampaignStatusBadge campaign={campaign} />
        </Group>
        {campaign.total > 0 || campaign.status !== 'draft' ? (
          <CampaignProgress campaign={campaign} />
        ) : (
          <Text size="sm" c="dimmed">
            Sem destinatários.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function CampaignsList({ status, onStatusChange, detailPath, onCreate, onRates, onPrices }: CampaignsListProps) {
  const campaigns = useCampaigns(status);

  const createButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={onCreate}>
      Nova campanha
    </Button>
  );

  let content: ReactNode;
  if (campaigns.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando campanhas">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={120} radius="md" />
        ))}
      </Stack>
    );
  } else if (campaigns.isError && !campaigns.data) {
    content = isFeatureDisabled(campaigns.error) ? (
      <FeatureOff error={campaigns.error} />
    ) : (
      <LoadError
        title="Não foi possível carregar as campanhas."
        error={campaigns.error}
        onRetry={() => void campaigns.refetch()}
        retrying={campaigns.isFetching}
      />
    );
  } else {
    const list = campaigns.data.pages.flatMap((page) => page.data);
    content =
      list.length === 0 ? (
        status ? (
          <EmptyState
            icon={IconSpeakerphone}
            title="Nenhuma campanha nesta situação"
            description={`Não há campanhas “${CAMPAIGN_STATUS_LABELS[status] ?? status}”.`}
            actions={
              <Button variant="light" onClick={() => onStatusChange('')}>
                Ver todas
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={IconSpeakerphone}
            title="Nenhuma campanha ainda"
            description="Envie uma mensagem para muitos clientes de uma vez, no ritmo da instância, e acompanhe cada entrega."
            actions={createButton}
          />
        )
      ) : (
        <>
          {campaigns.isError ? (
            <LoadError
              title="Não foi possível atualizar a lista."
              error={campaigns.error}
              onRetry={() => void campaigns.refetch()}
              retrying={campaigns.isFetching}
            />
          ) : null}
          <Stack gap="sm" component="ul" aria-label="Campanhas" className={classes.plainList}>
            {list.map((campaign) => (
              <CampaignCard key={campaign.id} campaign={campaign} href={detailPath(campaign.id)} />
            ))}
          </Stack>
          <LoadMore query={campaigns} />
        </>
      );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group gap="sm" align="flex-end">
          <Select
            label="Situação"
            data={FILTERS}
            value={status || ALL}
            allowDeselect={false}
            onChange={(value) => onStatusChange(value === null || value === ALL ? '' : value)}
            w={200}
            comboboxProps={{ withinPortal: true }}
          />
          {campaigns.isFetching && !campaigns.isPending && !campaigns.isFetchingNextPage ? (
            <Loader size="sm" aria-label="Atualizando" />
          ) : null}
        </Group>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconGauge size={18} />} onClick={onRates}>
            Ritmo de envio
          </Button>
          {onPrices ? (
            <Button variant="default" leftSection={<IconCurrencyReal size={18} />} onClick={onPrices}>
              Preços dos modelos
            </Button>
          ) : null}
          {createButton}
        </Group>
      </Group>
      {content}
    </Stack>
  );
}
