/**
 * POST /api/instance/{id}/connect?tenantName= → `{qrcode}`: a pairing code from the instance's
 * provider, shown as a QR code until the provider reports the number `connected` (a `status`
 * event → `InstanceUpdated` → the instance list is read again). 422 `provider_missing` /
 * `provider_error`.
 */
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

const PairingSchema = z.object({ qrcode: z.string().check(z.minLength(1)) });

export function connectInstance(id: number, tenantName: string | undefined): Promise<{ qrcode: string }> {
  return http.post(`/api/instance/${id}/connect`, undefined, { query: { tenantName }, schema: PairingSchema });
}

export function useConnectInstance() {
  return useMutation({
    mutationFn: ({ id, tenantName }: { id: number; tenantName: string | undefined }) => connectInstance(id, tenantName),
  });
}
