/**
 * One quick reply of the list: a row of the desktop table (`QuickReplyRow`) and the phone's card
 * (`QuickReplyCard`) — its `/shortcut`, what it sends (a paperclip and the file's name, or "Modelo"
 * and the template's name, then its text — a template's with its values — clamped), who uses it,
 * how many messages used it and, for one the user keeps (`editable`), its "Ações da resposta /…"
 * menu (Editar, Excluir). A reply left with nothing to send (its file or template gone) says so.
 */
import { Badge, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ContentMarkers } from '../../../components/ContentMarkers';
import { ListCard } from '../../../components/ResponsiveList';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import { fillTemplate } from '../../../lib/message-templates';
import { SCOPE_COLORS, scopeLabel, type QuickReply } from '../../../lib/quick-replies';
import classes from './quick-replies.module.css';

/** What a row's menu asks the screen to do. */
export type ReplyAction = { kind: 'edit' | 'delete'; reply: QuickReply };

export interface QuickReplyRowProps {
  reply: QuickReply;
  onAction: (action: ReplyAction) => void;
}

function uses(count: number): string {
  return count.toLocaleString('pt-BR');
}

function ScopeBadge({ reply }: { reply: QuickReply }) {
  const label = scopeLabel(reply);
  return (
    <Badge variant="light" color={SCOPE_COLORS[reply.scope]} tt="none" maw="16rem" title={label}>
      {label}
    </Badge>
  );
}

/** What the reply sends, as the list shows it: its file or template, and its text. */
function ReplyContent({ reply, lines }: { reply: QuickReply; lines: number }) {
  const text = reply.template ? fillTemplate(reply.template.body, reply.template.parameters) : reply.body;
  const empty = text === '' && !reply.attachment && !reply.template;
  return (
    <Stack gap={4}>
      <ContentMarkers attachment={reply.attachment} template={reply.template} />
      {text ? (
        <Text size="sm" lineClamp={lines} className={classes.body}>
          {text}
        </Text>
      ) : null}
      {empty ? (
        <Text size="sm" c="dimmed">
          Sem conteúdo: o arquivo ou o modelo desta resposta não existe mais. Edite-a para escolher outro.
        </Text>
      ) : null}
    </Stack>
  );
}

function ReplyActionsMenu({ reply, onAction }: QuickReplyRowProps) {
  if (!reply.editable) return null;
  return (
    <RowActionsMenu label={`Ações da resposta /${reply.shortcut}`}>
      <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction({ kind: 'edit', reply })}>
        Editar
      </Menu.Item>
      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onAction({ kind: 'delete', reply })}>
        Excluir
      </Menu.Item>
    </RowActionsMenu>
  );
}

export function QuickReplyRow(props: QuickReplyRowProps) {
  const { reply } = props;
  return (
    <Table.Tr data-testid={`quick-reply-row-${reply.id}`}>
      <Table.Td className={classes.shortcutCell}>
        <Text size="sm" fw={600} className={classes.shortcut}>
          /{reply.shortcut}
        </Text>
      </Table.Td>
      <Table.Td className={classes.textCell}>
        <ReplyContent reply={reply} lines={2} />
      </Table.Td>
      <Table.Td className={classes.nowrap}>
        <ScopeBadge reply={reply} />
      </Table.Td>
      <Table.Td ta="right" className={classes.nowrap}>
        {uses(reply.uses)}
      </Table.Td>
      <Table.Td ta="right">
        <ReplyActionsMenu {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

export function QuickReplyCard(props: QuickReplyRowProps) {
  const { reply } = props;
  return (
    <ListCard data-testid={`quick-reply-card-${reply.id}`} padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={6} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600} className={classes.shortcut}>
              /{reply.shortcut}
            </Text>
            <ScopeBadge reply={reply} />
          </Group>
          <ReplyContent reply={reply} lines={3} />
          <Text size="xs" c="dimmed">
            Usos: {uses(reply.uses)}
          </Text>
        </Stack>
        <ReplyActionsMenu {...props} />
      </Group>
    </ListCard>
  );
}
