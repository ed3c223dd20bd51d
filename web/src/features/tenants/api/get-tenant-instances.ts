/**
 * GET /api/instance?tenantName → the tenant's instances (docs/contracts.md#api-calls, "Permissions
 * and instances"; route `instances`, another tenant's for operators): only `{id, name}` is read, the
 * choices of the attendances sheet's instance picker in "Baixar planilhas" (`websiteId`,
 * docs/analytics.md#sheets). Under the instances key, so a changed instance refreshes it.
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { INSTANCES_QUERY_KEY } from '../../../lib/query-keys';
import type { SheetChoice } from '../../../lib/sheets';

const InstanceChoicesSchema = z.array(z.looseObject({ id: z.number(), name: z.string() }));

export function getTenantInstanceChoices(tenantName: string): Promise<SheetChoice[]> {
  return http.get('/api/instance', { query: { tenantName }, schema: InstanceChoicesSchema });
}

export function useTenantInstanceChoices(tenantName: string) {
  return useQuery({
    queryKey: [...INSTANCES_QUERY_KEY, 'sheet-choices', tenantName],
    queryFn: () => getTenantInstanceChoices(tenantName),
    staleTime: 60 * 1000,
  });
}
