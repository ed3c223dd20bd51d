/**
 * The "Menções" drawer (right side; the whole screen on phones): "Não lidas" / "Todas", the list a
 * page at a time ("Carregar mais"), "Marcar todas como lidas", and each mention leading to its
 * ticket in the inbox (marked read on the way).
 */
import { Button, Drawer, Group, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAt } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { LoadMore } from '../../../components/LoadMore';
import { errorMessage } from '../../../lib/api-errors';
import { useMentions } from '../api/get-mentions';
import { useReadMentions } from '../api/read-mentions';
import type { Mention } from '../api/schemas';
import type { MentionFilter } from '../keys';
import classes from './mentions.module.css';
import { MentionItem } from './MentionItem';

const FILTERS: { value: MentionFilter; label: string }[] = [
  { value: 'unread', label: 'Não lidas' },
  { value: 'all', label: 'Todas' },
];

function isFilter(value: string): value is MentionFilter {
  return FILTERS.some((filter) => filter.value === value);
}

function notReadNotice(error: unknown) {
  notifications.show({
    color: 'red',
    autoClose: 8000,
    title: 'Não foi possível marcar como lida',
    message: errorMessage(error),
  });
}

export interface MentionsDrawerProps {
  opened: boolean;
  onClose: () => void;
  filter: MentionFilter;
  onFilterChange: (filter: MentionFilter) => void;
  /** The badge's count ("Marcar todas como lidas" only when some are unread). */
  unread: number;
  /** Where a mention leads: its ticket in the inbox. */
  ticketPath: (mention: Mention) => string;
  /** Names highlighted whole in the notes (the person's own). */
  names: readonly string[];
  onShareDecided?: () => void;
}

export function MentionsDrawer({
  opened,
  onClose,
  filter,
  onFilterChange,
  unread,
  ticketPath,
  names,
  onShareDecided,
}: MentionsDrawerProps) {
  const read = useReadMentions();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="min(100vw, 30rem)" title="Menções">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <SegmentedControl
            aria-label="Quais menções"
            data={FILTERS}
            value={filter}
            onChange={(value) => {
              if (isFilter(value)) onFilterChange(value);
            }}
          />
          <Button
            variant="subtle"
            size="xs"
            disabled={unread === 0}
            loading={read.isPending && read.variables && 'all' in read.variables}
            onClick={() => read.mutate({ all: true }, { onError: notReadNotice })}
          >
            Marcar todas como lidas
          </Button>
        </Group>
        <MentionsList
          filter={filter}
          ticketPath={ticketPath}
          names={names}
          onShareDecided={onShareDecided}
          onOpen={(mention) => {
            if (mention.readAt == null) read.mutate({ ids: [mention.id] }, { onError: notReadNotice });
            onClose();
          }}
        />
      </Stack>
    </Drawer>
  );
}

interface MentionsListProps {
  filter: MentionFilter;
  ticketPath: (mention: Mention) => string;
  names: readonly string[];
  onOpen: (mention: Mention) => void;
  onShareDecided?: () => void;
}

function MentionsList({ filter, ticketPath, names, onOpen, onShareDecided }: MentionsListProps) {
  const mentions = useMentions(filter);
  if (mentions.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Carregando as menções">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={72} />
        ))}
      </Stack>
    );
  }
  if (mentions.isError) {
    return (
      <LoadError
        title="Não foi possível carregar as menções."
        error={mentions.error}
        onRetry={() => void mentions.refetch()}
        retrying={mentions.isRefetching}
      />
    );
  }
  const items = mentions.data.pages.flatMap((page) => page.data);
  if (items.length === 0) return <EmptyState icon={IconAt} title="Nenhuma menção por aqui." />;
  return (
    <Stack gap="sm">
      <ul className={classes.list} aria-label={filter === 'unread' ? 'Menções não lidas' : 'Todas as menções'}>
        {items.map((mention) => (
          <MentionItem
            key={mention.id}
            mention={mention}
            href={ticketPath(mention)}
            names={names}
            onOpen={onOpen}
            onShareDecided={onShareDecided}
          />
        ))}
      </ul>
      <LoadMore query={mentions} />
    </Stack>
  );
}
