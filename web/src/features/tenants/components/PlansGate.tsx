/**
 * Renders its children with the plan and feature catalogue (`GET /api/tenant/plans`) once it is
 * there: a placeholder while it loads, the error with a retry if it fails. The tenant forms start
 * from it (default plan, its limits and options), so they wait for it.
 */
import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/LoadError';
import { useTenantPlans, type TenantPlans } from '../api/get-tenant-plans';

export function PlansGate({ children }: { children: (catalogue: TenantPlans) => ReactNode }) {
  const plans = useTenantPlans();
  if (plans.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando planos">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (plans.isError) {
    return (
      <LoadError
        title="Não foi possível carregar os planos."
        error={plans.error}
        onRetry={() => void plans.refetch()}
        retrying={plans.isFetching}
      />
    );
  }
  return <>{children(plans.data)}</>;
}
