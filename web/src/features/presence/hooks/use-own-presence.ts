/**
 * Changing one's own status from the header (lib/presence.ts: `connected` / `disconnected`): the
 * header shows the new status at once, goes back to the previous one if the call fails (with a
 * pt_BR notification saying so) and reads the user info again either way. Changes run one after
 * the other (one mutation scope), so a quick second choice cannot be undone by the first's rollback.
 */
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-errors';
import { PRESENCE_STATUSES, setOwnPresence, type PresenceStatus } from '../../../lib/presence';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-keys';
import { cachedOwnPresence, writeOwnPresence } from '../cache';

/** The key of the own-status mutation: the socket's echo of a change in flight is not news. */
export const OWN_PRESENCE_MUTATION_KEY = ['presence', 'own'] as const;

export function useSetOwnPresence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: OWN_PRESENCE_MUTATION_KEY,
    scope: { id: 'own-presence' },
    mutationFn: setOwnPresence,
    onMutate: async (status: PresenceStatus) => {
      await queryClient.cancelQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      const previous = cachedOwnPresence(queryClient);
      writeOwnPresence(queryClient, status);
      return { previous };
    },
    onError: (error, _status, context) => {
      const previous = context?.previous ?? null;
      if (previous) writeOwnPresence(queryClient, previous);
      notifications.show({
        color: 'red',
        title: 'Não foi possível mudar o seu status',
        message: previous
          ? `Você continua como ${PRESENCE_STATUSES[previous].label}. ${errorMessage(error)}`
          : errorMessage(error),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
