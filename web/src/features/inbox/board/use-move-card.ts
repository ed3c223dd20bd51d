/**
 * Moving a card between the tag view's columns: one POST /api/tickets/{id}/tags with the target's
 * tag on and the source's off (`columns.ts` `moveChange`). The card moves at once — synchronously,
 * so a dropped card never jumps back while the request is out — and goes back, with a pt_BR
 * notification, if the server refuses (the columns are then read again: the refusal may mean the
 * ticket changed meanwhile).
 */
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { useChangeTicketTags } from '../api/change-ticket-tags';
import type { Ticket } from '../api/schemas';
import { customerName } from '../format';
import { inboxKeys } from '../keys';
import { placeOnBoard } from './board-cache';
import { moveChange, movedTicket, type BoardColumn } from './columns';

export function useMoveCard(viewerId: number) {
  const queryClient = useQueryClient();
  const { mutate } = useChangeTicketTags(viewerId);
  return useCallback(
    (ticket: Ticket, from: BoardColumn, to: BoardColumn): boolean => {
      const change = moveChange(from.query, to.query);
      if (!change) return false;
      placeOnBoard(queryClient, movedTicket(ticket, change, to.tag));
      mutate(
        { ticketId: ticket.id, ...change },
        {
          onError: (error) => {
            placeOnBoard(queryClient, ticket);
            void queryClient.invalidateQueries({ queryKey: inboxKeys.boards() });
            notifications.show({
              color: 'red',
              title: 'Não foi possível mover o cartão',
              message: `${customerName(ticket)} continua em ${from.title}. ${errorMessage(error)}`,
            });
          },
        },
      );
      return true;
    },
    [mutate, queryClient],
  );
}
