/**
 * The bot's consent step (docs/privacy.md#consent; route `users`): GET /api/privacy/consent →
 * `{enabled, text, version, updatedAt}`; PUT /api/privacy/consent `{enabled, text}` → the same
 * shape, `version` raised when the text changed (everyone is asked again). 422 `invalid_consent`
 * on `text`: empty while switched on, or longer than 1 500 characters.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { auditKeys } from '../keys';
import { ConsentSettingSchema, type ConsentSetting } from './schemas';

/** The longest text the server takes (it goes out as one WhatsApp message). */
export const MAX_CONSENT_TEXT = 1500;

export interface ConsentChange {
  enabled: boolean;
  text: string;
}

export function getConsentSetting(): Promise<ConsentSetting> {
  return http.get('/api/privacy/consent', { schema: ConsentSettingSchema });
}

export function useConsentSetting() {
  return useQuery({ queryKey: auditKeys.consent(), queryFn: getConsentSetting });
}

export function saveConsentSetting({ enabled, text }: ConsentChange): Promise<ConsentSetting> {
  return http.put('/api/privacy/consent', { enabled, text }, { schema: ConsentSettingSchema });
}

export function useSaveConsentSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConsentSetting,
    onSuccess: (saved) => queryClient.setQueryData(auditKeys.consent(), saved),
  });
}
