/**
 * POST /api/ticket-shares/{id}/accept · /decline → `{id, status}` (404 `share_not_found`, 409
 * `share_decided` "Este convite já foi respondido."). Accepting keeps the shared ticket visible
 * (read and write notes); declining takes it, and its mentions, out of the person's sight. Either
 * way the mentions are read again (the answer, or the server's state after a 409). The outcome is
 * told in a notification — a refusal with the server's pt_BR message —: the invitation may leave the
 * list at once, so nothing is told in its place.
 */
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-errors';
import { ApiError, http } from '../../../lib/http';
import { mentionKeys } from '../keys';
import { ShareSchema, type Share } from './schemas';

export type ShareDecision = 'accept' | 'decline';

const DONE: Record<ShareDecision, { title: string; message: string }> = {
  accept: { title: 'Convite aceito', message: 'O atendimento segue visível para você.' },
  decline: { title: 'Convite recusado', message: 'O atendimento saiu da sua lista.' },
};

export interface DecideShareRequest {
  shareId: number;
  decision: ShareDecision;
}

export function decideShare({ shareId, decision }: DecideShareRequest): Promise<Share> {
  return http.post(`/api/ticket-shares/${shareId}/${decision}`, undefined, { schema: ShareSchema });
}

/**
 * `onDecided`: what else the decision changes (the inbox's tickets: app/layouts hands it over) —
 * also after a 409, when another tab had already answered.
 */
export function useDecideShare(onDecided?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideShare,
    onSuccess: (_share, { decision }) => {
      notifications.show({ color: 'teal', autoClose: 4000, ...DONE[decision] });
      onDecided?.();
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        autoClose: 8000,
        title: 'Não foi possível responder ao convite',
        message: errorMessage(error),
      });
      if (error instanceof ApiError && error.status === 409) onDecided?.();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mentionKeys.all() }),
  });
}
