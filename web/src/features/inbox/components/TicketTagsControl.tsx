/**
 * A ticket's tags: in the open conversation, a line under its header (`TicketTagsBar`) with its
 * badges and the "Etiquetas" picker (`TicketTagsControl`), which puts a tag on or takes it off at
 * once (POST /api/tickets/{id}/tags); in the queue and on the board, its badges
 * (`TicketTagBadges`) and the same picker as an icon beside the row's link (`inRow`), named for the
 * customer ("Etiquetas de Maria"). Anyone who sees the ticket may tag it (docs/tags.md); a refusal
 * is said in a notification and the ticket stays as the server has it.
 */
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TagBadges } from '../../../components/TagBadge';
import { TagPicker } from '../../../components/TagPicker';
import { errorMessage } from '../../../lib/api-errors';
import { useTags, useTagsScreenPath } from '../../../lib/tags';
import { useChangeTicketTags } from '../api/change-ticket-tags';
import type { Ticket } from '../api/schemas';
import classes from './Inbox.module.css';

export interface TicketTagsControlProps {
  ticket: Ticket;
  viewerId: number;
  /** An icon button (tight places) instead of the "Etiquetas" button. */
  compact?: boolean;
  /** A quiet icon button in a row of a list (the queue, a board card): see `TagPicker`. */
  inRow?: boolean;
  /** The button's and the list's accessible name; "Etiquetas do atendimento" unless told. */
  label?: string;
  /** A class for the button. */
  triggerClassName?: string;
}

export function TicketTagsControl({
  ticket,
  viewerId,
  compact = false,
  inRow = false,
  label = 'Etiquetas do atendimento',
  triggerClassName,
}: TicketTagsControlProps) {
  const tags = useTags();
  const change = useChangeTicketTags(viewerId);
  const manageHref = useTagsScreenPath();
  return (
    <TagPicker
      tags={tags.data}
      failed={tags.isError}
      selected={ticket.tags}
      label={label}
      compact={compact}
      inRow={inRow}
      triggerClassName={triggerClassName}
      busy={change.isPending}
      manageHref={manageHref}
      onChange={({ add, remove }) =>
        change.mutate(
          { ticketId: ticket.id, add, remove },
          {
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: 'Não foi possível mudar as etiquetas',
                message: errorMessage(error),
              }),
          },
        )
      }
    />
  );
}

/** A ticket's tags as badges in a list ("Etiquetas"), compact; nothing when it has none. */
export function TicketTagBadges({ ticket, max }: { ticket: Pick<Ticket, 'tags'>; max?: number }) {
  return <TagBadges tags={ticket.tags} max={max} size="xs" label="Etiquetas" maw={140} />;
}

/** The open conversation's tags line: the badges (or "Sem etiquetas") and the picker. */
export function TicketTagsBar({ ticket, viewerId }: { ticket: Ticket; viewerId: number }) {
  return (
    <div className={classes.tagsBar} data-testid="conversation-tags">
      {ticket.tags.length > 0 ? (
        <TagBadges tags={ticket.tags} size="xs" label="Etiquetas do atendimento" maw={180} />
      ) : (
        <Text size="xs" c="dimmed">
          Sem etiquetas
        </Text>
      )}
      <div className={classes.tagsBarAction}>
        <TicketTagsControl ticket={ticket} viewerId={viewerId} />
      </div>
    </div>
  );
}
