/**
 * PUT /api/templates/prices `{"prices": [{category, priceBrl}]}` → the saved table (route
 * `instances`; docs/campaigns.md#templates): the whole table, categories absent left without a
 * price. 422 `invalid_prices` names each wrong line (`prices[0].priceBrl`: R$ 0 to R$ 100).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { campaignKeys } from '../keys';
import { TemplatePriceSchema, type TemplatePrice } from './schemas';

export function updateTemplatePrices(prices: TemplatePrice[]): Promise<TemplatePrice[]> {
  return http.put('/api/templates/prices', { prices }, { schema: z.array(TemplatePriceSchema) });
}

export function useUpdateTemplatePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTemplatePrices,
    onSuccess: (saved) => queryClient.setQueryData(campaignKeys.prices(), saved),
  });
}
