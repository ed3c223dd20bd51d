/** The reactions on a message: one chip per emoji with how many, and who in its name and title. */
import { Group } from '@mantine/core';
import type { Reaction } from '../../api/schemas';
import classes from './media.module.css';

function who(reaction: Reaction, customerName: string, viewerId: number | undefined): string {
  if (reaction.from === 'customer') return customerName;
  if (reaction.user && reaction.user.id === viewerId) return 'você';
  return reaction.user?.name ?? 'atendente';
}

export function Reactions({
  reactions,
  customerName,
  viewerId,
}: {
  reactions: readonly Reaction[];
  customerName: string;
  viewerId?: number;
}) {
  if (reactions.length === 0) return null;
  const byEmoji = new Map<string, string[]>();
  for (const reaction of reactions) {
    byEmoji.set(reaction.emoji, [...(byEmoji.get(reaction.emoji) ?? []), who(reaction, customerName, viewerId)]);
  }
  return (
    <Group gap={4} className={classes.reactions} role="list" aria-label="Reações">
      {[...byEmoji].map(([emoji, people]) => {
        const label = `${emoji} de ${people.join(', ')}`;
        return (
          <span key={emoji} role="listitem" className={classes.reaction} title={label} aria-label={label}>
            <span aria-hidden>{emoji}</span>
            {people.length > 1 ? <span aria-hidden>{people.length}</span> : null}
          </span>
        );
      })}
    </Group>
  );
}
