/**
 * What a dashboard shows when its data did not load: a tenant without the feature option gets the
 * server's pt_BR message as an empty state (403 `feature_disabled`: nothing to retry); any other
 * failure the error with "Tentar novamente".
 */
import { IconLock } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { isFeatureDisabled } from '../errors';

export interface QueryErrorProps {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

export function QueryError({ title, error, onRetry, retrying }: QueryErrorProps) {
  if (isFeatureDisabled(error)) {
    return <EmptyState icon={IconLock} title="Recurso não disponível para esta empresa" description={error.message} />;
  }
  return <LoadError title={title} error={error} onRetry={onRetry} retrying={retrying} />;
}
