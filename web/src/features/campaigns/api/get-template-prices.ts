/**
 * GET /api/templates/prices → `[{category, priceBrl}]` (route `instances`; docs/campaigns.md#templates):
 * what one template message of each category costs the tenant, as an administrator set it. A
 * category absent has no price (the pre-flight then estimates no cost).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { campaignKeys } from '../keys';
import { TemplatePriceSchema, type TemplatePrice } from './schemas';

export function getTemplatePrices(): Promise<TemplatePrice[]> {
  return http.get('/api/templates/prices', { schema: z.array(TemplatePriceSchema) });
}

export function useTemplatePrices() {
  return useQuery({ queryKey: campaignKeys.prices(), queryFn: getTemplatePrices });
}
