/**
 * One tag of the list: a row of the desktop table (`TagRow`) and the phone's card (`TagCard`):
 * its badge, its colour, its place on the board, and its "Ações da etiqueta …" menu (edit, delete).
 */
import { Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ListCard, ListCardDetail } from '../../../components/ResponsiveList';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import { TagBadge, TagSwatch } from '../../../components/TagBadge';
import type { Tag } from '../../../lib/tags';
import { boardPlace } from '../format';
import classes from './tags.module.css';

/** What a row's menu asks the screen to do. */
export type TagAction = { kind: 'edit' | 'delete'; tag: Tag };

export interface TagRowProps {
  tag: Tag;
  onAction: (action: TagAction) => void;
}

function Color({ tag }: { tag: Tag }) {
  return (
    <Group gap={6} wrap="nowrap">
      <TagSwatch color={tag.color} size={16} />
      <Text size="sm" className={classes.hex}>
        {tag.color}
      </Text>
    </Group>
  );
}

function TagActionsMenu({ tag, onAction }: TagRowProps) {
  return (
    <RowActionsMenu label={`Ações da etiqueta ${tag.name}`}>
      <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction({ kind: 'edit', tag })}>
        Editar
      </Menu.Item>
      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onAction({ kind: 'delete', tag })}>
        Excluir
      </Menu.Item>
    </RowActionsMenu>
  );
}

export function TagRow(props: TagRowProps) {
  const { tag } = props;
  return (
    <Table.Tr data-testid={`tag-row-${tag.id}`}>
      <Table.Td>
        <TagBadge tag={tag} size="md" maw={260} />
      </Table.Td>
      <Table.Td>
        <Color tag={tag} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={tag.boardPosition === null ? 'dimmed' : undefined}>
          {boardPlace(tag)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <TagActionsMenu {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

export function TagCard(props: TagRowProps) {
  const { tag } = props;
  return (
    <ListCard data-testid={`tag-card-${tag.id}`} padding="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={6} miw={0}>
          <TagBadge tag={tag} size="md" maw={220} />
          <ListCardDetail label="Cor">
            <Text span size="sm" className={classes.hex}>
              {tag.color}
            </Text>
          </ListCardDetail>
          <ListCardDetail label="No quadro">{boardPlace(tag)}</ListCardDetail>
        </Stack>
        <TagActionsMenu {...props} />
      </Group>
    </ListCard>
  );
}
