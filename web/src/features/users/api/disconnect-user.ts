/**
 * GraphQL `disconnectUser(user_id)` (lib/presence.ts; route `users`): takes another user offline. The
 * row shows "Offline" at once; the list is then read again (the server also sends
 * `UserDisconnected`, which refreshes every open users list: app/realtime-events.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disconnectUser } from '../../../lib/presence';
import { USERS_QUERY_KEY, type UsersPage } from './get-users';

export function useDisconnectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectUser,
    onSuccess: async (_answer, id) => {
      queryClient.setQueriesData<UsersPage>({ queryKey: USERS_QUERY_KEY }, (page) =>
        page
          ? { ...page, data: page.data.map((user) => (user.id === id ? { ...user, isConnected: false } : user)) }
          : page,
      );
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
