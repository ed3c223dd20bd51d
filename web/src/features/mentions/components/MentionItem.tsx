/**
 * One mention of the drawer: who wrote, where ("em Maria Souza · #2024000123"), when, and the note
 * with its `@Nome` highlighted; the whole row is a link to the ticket in the inbox. Unread ones
 * carry a bar, a dot and "Não lida". A pending share adds the invitation (`ShareInvitation`).
 */
import { Badge, Box, Group, Mark, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { SHARE_ACCEPTED, SHARE_PENDING, type Mention } from '../api/schemas';
import { noteSegments } from '../highlight';
import { authorName, whereLabel } from '../labels';
import classes from './mentions.module.css';
import { ShareInvitation } from './ShareInvitation';

export interface MentionItemProps {
  mention: Mention;
  /** Where the link leads: the inbox at the mention's ticket. */
  href: string;
  /** Names highlighted whole in the note (the person's own). */
  names: readonly string[];
  /** The link was followed (mark read, close the drawer). */
  onOpen: (mention: Mention) => void;
  /** The share was accepted or declined. */
  onShareDecided?: () => void;
}

export function MentionItem({ mention, href, names, onOpen, onShareDecided }: MentionItemProps) {
  const unread = mention.readAt == null;
  const author = authorName(mention);
  return (
    <Box component="li" className={classes.item} data-unread={unread || undefined} data-testid="mention">
      <UnstyledButton component={Link} to={href} className={classes.link} onClick={() => onOpen(mention)}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap" miw={0}>
            {unread ? <span className={classes.dot} aria-hidden /> : null}
            <Text size="sm" fw={unread ? 700 : 500} truncate>
              {author}
            </Text>
            {unread ? (
              <Badge size="sm" variant="light" flex="none">
                Não lida
              </Badge>
            ) : null}
          </Group>
          <Text
            component="time"
            size="xs"
            c="dimmed"
            className={classes.time}
            dateTime={mention.createdAt}
            title={formatDateTime(mention.createdAt)}
          >
            {formatRelative(mention.createdAt)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {whereLabel(mention)}
        </Text>
        <Text size="sm" mt={4} lineClamp={4} className={classes.body}>
          {noteSegments(mention.body, names).map((segment, index) =>
            segment.mention ? (
              <Mark key={index} fw={600}>
                {segment.text}
              </Mark>
            ) : (
              segment.text
            ),
          )}
        </Text>
        {mention.share?.status === SHARE_ACCEPTED ? (
          <Text size="xs" c="dimmed" mt={4}>
            Atendimento compartilhado com você.
          </Text>
        ) : null}
      </UnstyledButton>
      {mention.share?.status === SHARE_PENDING ? (
        <ShareInvitation shareId={mention.share.id} author={author} onDecided={onShareDecided} />
      ) : null}
    </Box>
  );
}
