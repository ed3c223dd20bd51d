/**
 * What the audit log records beyond the changes (route `users`): GET /api/audit/settings →
 * `{conversationReads}`; PUT /api/audit/settings with the same shape (no other field) → the same
 * shape. A change shows at once (optimistic) and goes back to what the cache held if the call fails;
 * changes run one after the other (one mutation scope), so a quick second toggle cannot be undone
 * by the first's rollback.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { auditKeys } from '../keys';
import { AuditSettingsSchema, type AuditSettings } from './schemas';

export function getAuditSettings(): Promise<AuditSettings> {
  return http.get('/api/audit/settings', { schema: AuditSettingsSchema });
}

export function useAuditSettings() {
  return useQuery({ queryKey: auditKeys.settings(), queryFn: getAuditSettings });
}

export function saveAuditSettings(settings: AuditSettings): Promise<AuditSettings> {
  const { conversationReads } = settings;
  return http.put('/api/audit/settings', { conversationReads }, { schema: AuditSettingsSchema });
}

export function useSaveAuditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'audit-settings' },
    mutationFn: saveAuditSettings,
    onMutate: async (settings: AuditSettings) => {
      await queryClient.cancelQueries({ queryKey: auditKeys.settings() });
      const previous = queryClient.getQueryData<AuditSettings>(auditKeys.settings());
      queryClient.setQueryData(auditKeys.settings(), settings);
      return { previous };
    },
    onSuccess: (saved) => queryClient.setQueryData(auditKeys.settings(), saved),
    onError: (_error, _settings, context) => {
      if (context?.previous) queryClient.setQueryData(auditKeys.settings(), context.previous);
    },
  });
}
