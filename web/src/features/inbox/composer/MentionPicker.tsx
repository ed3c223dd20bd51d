/**
 * The note's `@` picker panel, above the composer's line (use-mention-picker.ts holds what it does):
 * while the people load, if they fail, when nobody matches, else the listbox — each option the
 * person's name, a dot when they are online, and "não vê este atendimento" for one the ticket would
 * be shared with. The pointer never takes the focus from the text box (the options are its
 * `aria-activedescendant`).
 */
import { Button, Group, Loader, Paper, Text, VisuallyHidden } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { PresenceDot } from '../../../components/PresenceDot';
import classes from './composer.module.css';
import type { MentionPicker as PickerState } from './use-mention-picker';

/** What an option says about someone who does not see the ticket. */
export const CANNOT_SEE_HINT = 'não vê este atendimento';

/** Keeps the focus in the text box when the pointer presses inside the panel. */
function keepFocus(event: MouseEvent) {
  event.preventDefault();
}

function count(total: number): string {
  return total === 1 ? '1 pessoa' : `${total} pessoas`;
}

export function MentionPicker({ picker }: { picker: PickerState }) {
  const { targets, matches, index, query, listId, optionId, total } = picker;
  const activeId = matches[index] ? optionId(matches[index]) : null;

  // The option in focus stays in sight as the arrows move it.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  let body: ReactNode;
  if (targets.isPending) {
    body = (
      <Group gap="xs" p="sm">
        <Loader size="xs" aria-hidden />
        <Text size="sm">Carregando a equipe…</Text>
      </Group>
    );
  } else if (targets.isError && !targets.data) {
    body = (
      <Group gap="xs" p="sm" justify="space-between">
        <Text size="sm" role="alert">
          Não foi possível carregar quem pode ser mencionado.
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          loading={targets.isFetching}
          onMouseDown={keepFocus}
          onClick={() => void targets.refetch()}
        >
          Tentar novamente
        </Button>
      </Group>
    );
  } else if (matches.length === 0) {
    body = (
      <Text size="sm" role="status" p="sm">
        {query ? `Ninguém da equipe com “${query}”.` : 'Ninguém mais na equipe para mencionar.'}
      </Text>
    );
  } else {
    body = (
      <>
        <div role="listbox" id={listId} aria-label="Mencionar alguém" className={classes.quickReplyList}>
          {matches.map((person, at) => (
            <div
              key={person.id}
              id={optionId(person)}
              role="option"
              aria-selected={at === index}
              className={classes.quickReply}
              data-can-see={person.canSee}
              onMouseDown={keepFocus}
              onMouseMove={() => {
                if (at !== index) picker.hover(at);
              }}
              onClick={() => picker.choose(person)}
            >
              <Group gap={6} wrap="nowrap">
                {person.online ? <PresenceDot status="online" /> : <span className={classes.noDot} aria-hidden />}
                <Text size="sm" fw={600} truncate>
                  {person.name}
                </Text>
                {person.online ? <VisuallyHidden>(online)</VisuallyHidden> : null}
              </Group>
              {person.canSee ? null : (
                <Group gap={4} wrap="nowrap" className={classes.mentionHint}>
                  <IconEyeOff size={14} aria-hidden className={classes.icon} />
                  <Text size="xs" c="dimmed">
                    {CANNOT_SEE_HINT}
                  </Text>
                </Group>
              )}
            </div>
          ))}
        </div>
        <VisuallyHidden role="status">{count(total)}</VisuallyHidden>
      </>
    );
  }

  return (
    <Paper withBorder shadow="md" radius="md" className={classes.quickReplies} data-testid="mention-picker">
      {body}
      <Text size="xs" c="dimmed" px="sm" py={4} className={classes.quickReplyHint} visibleFrom="sm" aria-hidden>
        ↑↓ escolhem · Enter ou Tab menciona · Esc fecha
      </Text>
    </Paper>
  );
}
