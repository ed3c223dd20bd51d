/**
 * GET /api/customers/{id}/privacy → `{customerId, legalHoldReason, legalHoldAt, erasedAt,
 * consents: [{version, text, granted, source, ticketId, answeredAt}]}` (route `customers`; 404
 * `customer_not_found`; docs/privacy.md): the customer's legal hold, when they were erased, and
 * their answers to the consent question, oldest first. Asked only by those who hold the route.
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { customerKeys } from '../keys';
import { CustomerPrivacySchema, type CustomerPrivacy } from './schemas';

export function getPrivacy(id: number): Promise<CustomerPrivacy> {
  return http.get(`/api/customers/${id}/privacy`, { schema: CustomerPrivacySchema });
}

export function usePrivacy(id: number, enabled = true) {
  return useQuery({ queryKey: customerKeys.privacy(id), queryFn: () => getPrivacy(id), enabled });
}

/** `GET /api/customers/{id}/report`: the subject report, a zip (docs/privacy.md#subject-report). */
export function reportPath(id: number): string {
  return `/api/customers/${id}/report`;
}

/** The report's name when the answer gives none (the server's: `titular-{id}-{yyyymmdd}.zip`). */
export function reportFallbackName(id: number): string {
  return `titular-${id}.zip`;
}
