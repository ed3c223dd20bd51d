/** What the campaigns screen shows when the tenant has the `campaigns` option off (403 `feature_disabled`). */
import { IconSpeakerphone } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';

export function FeatureOff({ error }: { error: Error }) {
  return (
    <EmptyState
      icon={IconSpeakerphone}
      title="Recurso não disponível para esta empresa"
      description={error.message || 'As campanhas não estão incluídas no plano desta empresa.'}
    />
  );
}
