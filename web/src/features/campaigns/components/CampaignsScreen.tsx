/**
 * `/campaigns` (route `campaigns`, feature `campaigns`; docs/campaigns.md): the list of campaigns,
 * or one campaign's detail when the URL names it (`?campaign=7`, so a reload or a shared link opens
 * it; the list's filter is `?status=running`). "Nova campanha" opens the create form; a created
 * campaign opens in its detail, where it is started. "Ritmo de envio" sets each instance's send rate.
 */
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { InstanceSource } from '../api/get-campaign-instances';
import type { Campaign } from '../api/schemas';
import { CampaignDetail } from './CampaignDetail';
import { CampaignFormModal } from './CampaignFormModal';
import { CampaignsList } from './CampaignsList';
import { SendRatesModal } from './SendRatesModal';

export interface CampaignsScreenProps {
  /** Where the instances come from: `GET /api/instance` (route `instances`) or the inbox's list. */
  instanceSource: InstanceSource;
}

function campaignFromParams(params: URLSearchParams): number | null {
  const value = params.get('campaign');
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export function CampaignsScreen({ instanceSource }: CampaignsScreenProps) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [creating, setCreating] = useState(false);
  const [editingRates, setEditingRates] = useState(false);
  const campaignId = campaignFromParams(params);
  const status = params.get('status') ?? '';

  const listSearch = status ? `?${new URLSearchParams({ status }).toString()}` : '';
  const detailPath = (id: number) => {
    const next = new URLSearchParams(status ? { status } : {});
    next.set('campaign', String(id));
    return `?${next.toString()}`;
  };

  function created(campaign: Campaign) {
    setCreating(false);
    notifications.show({
      color: 'teal',
      title: 'Campanha criada',
      message: `“${campaign.name}” está em rascunho: confira e clique em Iniciar.`,
    });
    void navigate(detailPath(campaign.id));
  }

  return (
    <>
      {campaignId !== null ? (
        <CampaignDetail key={campaignId} id={campaignId} backPath={`${pathname}${listSearch}`} />
      ) : (
        <CampaignsList
          status={status}
          onStatusChange={(next) => {
            const search = new URLSearchParams(params);
            if (next) search.set('status', next);
            else search.delete('status');
            setParams(search, { replace: true });
          }}
          detailPath={detailPath}
          onCreate={() => setCreating(true)}
          onRates={() => setEditingRates(true)}
        />
      )}
      <CampaignFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={created}
        instanceSource={instanceSource}
      />
      <SendRatesModal opened={editingRates} onClose={() => setEditingRates(false)} />
    </>
  );
}
