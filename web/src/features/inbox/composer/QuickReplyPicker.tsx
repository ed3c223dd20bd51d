/**
 * The `/` picker's panel, above the composer's line (use-quick-reply-picker.ts holds what it does):
 * while the ticket's replies load, if they fail, when none matches (with "Gerenciar respostas
 * rápidas", the screen that keeps them), else the listbox — each option its `/shortcut`, its scope,
 * its filled text (two lines: a template's with its values) and what else it sends (its file's icon
 * and name; "Modelo" and the template's name); one that cannot be inserted here says which
 * variables have no value (a template's are typed before it goes: said, not refused). The pointer
 * never takes the focus from the text box (the options are its `aria-activedescendant`).
 */
import { Anchor, Badge, Button, Group, Loader, Paper, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { routePath } from '../../../config/paths';
import { ContentMarkers } from '../../../components/ContentMarkers';
import { fillTemplate } from '../../../lib/message-templates';
import { SCOPE_COLORS, scopeLabel } from '../../../lib/quick-replies';
import classes from './composer.module.css';
import { missingText, type QuickReplyPicker as PickerState } from './use-quick-reply-picker';

/** Keeps the focus in the text box when the pointer presses inside the panel. */
function keepFocus(event: MouseEvent) {
  event.preventDefault();
}

function count(total: number): string {
  return total === 1 ? '1 resposta rápida' : `${total} respostas rápidas`;
}

export function QuickReplyPicker({ picker }: { picker: PickerState }) {
  const { replies, matches, index, query, notice, listId, optionId } = picker;
  const activeId = matches[index] ? optionId(matches[index]) : null;

  // The option in focus stays in sight as the arrows move it.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  let body: ReactNode;
  if (replies.isPending) {
    body = (
      <Group gap="xs" p="sm">
        <Loader size="xs" aria-hidden />
        <Text size="sm">Carregando respostas rápidas…</Text>
      </Group>
    );
  } else if (replies.isError && !replies.data) {
    body = (
      <Group gap="xs" p="sm" justify="space-between">
        <Text size="sm" role="alert">
          Não foi possível carregar as respostas rápidas.
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          loading={replies.isFetching}
          onMouseDown={keepFocus}
          onClick={() => void replies.refetch()}
        >
          Tentar novamente
        </Button>
      </Group>
    );
  } else if (matches.length === 0) {
    body = (
      <Group gap="xs" p="sm" justify="space-between">
        <Text size="sm" role="status">
          {query ? `Nenhuma resposta rápida para “${query}”.` : 'Você ainda não tem respostas rápidas.'}
        </Text>
        <Anchor component={Link} to={routePath('quick-replies')} size="sm" onMouseDown={keepFocus}>
          Gerenciar respostas rápidas
        </Anchor>
      </Group>
    );
  } else {
    body = (
      <>
        <div role="listbox" id={listId} aria-label="Respostas rápidas" className={classes.quickReplyList}>
          {matches.map((reply, at) => {
            const blocked = reply.missing.length > 0 && !reply.template;
            const text = reply.template ? fillTemplate(reply.template.body, reply.templateParameters) : reply.text;
            return (
              <div
                key={reply.id}
                id={optionId(reply)}
                role="option"
                aria-selected={at === index}
                aria-disabled={blocked || undefined}
                className={classes.quickReply}
                onMouseDown={keepFocus}
                onMouseMove={() => {
                  if (at !== index) picker.hover(at);
                }}
                onClick={() => picker.choose(reply)}
              >
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Text size="sm" fw={600} truncate>
                    /{reply.shortcut}
                  </Text>
                  <Badge
                    size="sm"
                    variant="light"
                    color={SCOPE_COLORS[reply.scope]}
                    tt="none"
                    className={classes.scope}
                  >
                    {scopeLabel(reply)}
                  </Badge>
                </Group>
                <ContentMarkers attachment={reply.attachment} template={reply.template} />
                {text ? (
                  <Text size="sm" c="dimmed" lineClamp={2} className={classes.quickReplyText}>
                    {text}
                  </Text>
                ) : null}
                {reply.missing.length > 0 ? (
                  <Group gap={4} wrap="nowrap" c={blocked ? 'var(--inbox-failed)' : 'dimmed'}>
                    <IconAlertTriangle size={14} aria-hidden className={classes.icon} />
                    <Text size="xs" c="inherit">
                      {missingText(reply)}
                      {blocked ? '' : ' (preencha ao enviar)'}
                    </Text>
                  </Group>
                ) : null}
              </div>
            );
          })}
        </div>
        <VisuallyHidden role="status">{count(matches.length)}</VisuallyHidden>
      </>
    );
  }

  return (
    <Paper withBorder shadow="md" radius="md" className={classes.quickReplies} data-testid="quick-reply-picker">
      {body}
      {notice ? (
        <Text size="sm" c="var(--inbox-failed)" role="alert" px="sm" py={6} className={classes.quickReplyNotice}>
          {notice}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" px="sm" py={4} className={classes.quickReplyHint} visibleFrom="sm" aria-hidden>
        ↑↓ escolhem · Enter ou Tab insere · Esc fecha
      </Text>
    </Paper>
  );
}
