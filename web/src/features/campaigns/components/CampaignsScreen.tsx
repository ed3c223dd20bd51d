/**
 * `/campaigns` (route `campaigns`, feature `campaigns`; docs/campaigns.md): the list of campaigns,
 * or one campaign's detail when the URL names it (`?campaign=7`, so a reload or a shared link opens
 * it; the list's filter is `?status=running`). "Nova campanha" opens the create form; a created
 * campaign opens in its detail, where it is started. "Ritmo de envio" sets each instance's send rate.
 * "Preços dos modelos" — for holders of the route `instances`, as the server lets only them read or
 * change it — sets the tenant's template price table, which the pre-flight of a campaign on an
 * official number estimates its cost with; it also opens from that pre-flight, over the form (a
 * `Modal.Stack`), and saving it asks for a new pre-flight.
 */
import { Modal } from '@mantine/core';
import { useFocusReturn } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { hasPermissionRoute } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import type { InstanceSource } from '../api/get-campaign-instances';
import type { Campaign } from '../api/schemas';
import { CampaignDetail } from './CampaignDetail';
import { CampaignFormModal } from './CampaignFormModal';
import { CampaignsList } from './CampaignsList';
import { SendRatesModal } from './SendRatesModal';
import { TemplatePricesModal } from './TemplatePricesModal';

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
  const [editingPrices, setEditingPrices] = useState(false);
  // Modals inside a `Modal.Stack` do not give the focus back when they close: the screen does, to
  // whatever opened them ("Nova campanha", "Preços dos modelos").
  useFocusReturn({ opened: creating });
  useFocusReturn({ opened: editingPrices && !creating });
  /** Goes up with each save of the price table: the form's pre-flight is then made again. */
  const [pricesVersion, setPricesVersion] = useState(0);
  const { permissionRoutes } = useSession();
  const openPrices = hasPermissionRoute('instances', permissionRoutes) ? () => setEditingPrices(true) : undefined;
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
          onPrices={openPrices}
        />
      )}
      <Modal.Stack>
        <CampaignFormModal
          stackId="campaign-form"
          opened={creating}
          onClose={() => setCreating(false)}
          onCreated={created}
          instanceSource={instanceSource}
          onOpenPrices={openPrices}
          pricesVersion={pricesVersion}
        />
        <TemplatePricesModal
          stackId="template-prices"
          opened={editingPrices}
          onClose={() => setEditingPrices(false)}
          onSaved={() => setPricesVersion((version) => version + 1)}
        />
      </Modal.Stack>
      <SendRatesModal opened={editingRates} onClose={() => setEditingRates(false)} />
    </>
  );
}
