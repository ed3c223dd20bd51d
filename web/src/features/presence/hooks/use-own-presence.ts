/**
 * Changing one's own status from the header (`PUT /api/auth/status`, lib/presence.ts): the header
 * shows the new status at once, goes back to the previous one if the call fails (with a pt_BR
 * notification saying so), takes the server's answer (its `since`) when it succeeds, and reads the
 * user info again either way. Changes run one after the other (one mutation scope), so a quick
 * second choice cannot be undone by the first's rollback.
 */
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-errors';
import {
  normalizeAwayReason,
  setOwnPresence,
  statusText,
  type OwnStatus,
  type OwnStatusChoice,
} from '../../../lib/presence';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-keys';
import { cachedOwnPresence, writeOwnPresence } from '../cache';

/** The key of the own-status mutation: the socket's echo of a change in flight is not news. */
export const OWN_PRESENCE_MUTATION_KEY = ['presence', 'own'] as const;

/** The status shown while the call is in flight: the same absence keeps its start. */
export function optimisticStatus(previous: OwnStatus | null, choice: OwnStatusChoice, now = new Date()): OwnStatus {
  const reason = choice.status === 'ausente' ? normalizeAwayReason(choice.reason) : null;
  const since = previous?.status === choice.status ? previous.since : now.toISOString();
  return { status: choice.status, reason, since };
}

export function useSetOwnPresence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: OWN_PRESENCE_MUTATION_KEY,
    scope: { id: 'own-presence' },
    mutationFn: setOwnPresence,
    onMutate: async (choice: OwnStatusChoice) => {
      await queryClient.cancelQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      const previous = cachedOwnPresence(queryClient);
      writeOwnPresence(queryClient, optimisticStatus(previous, choice));
      return { previous };
    },
    onSuccess: (answer) => writeOwnPresence(queryClient, answer),
    onError: (error, _choice, context) => {
      const previous = context?.previous ?? null;
      if (previous) writeOwnPresence(queryClient, previous);
      notifications.show({
        color: 'red',
        title: 'Não foi possível mudar o seu status',
        message: previous ? `Você continua como ${statusText(previous)}. ${errorMessage(error)}` : errorMessage(error),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
