/**
 * "Inserir resposta rápida" outside a conversation (the scheduling dialog): the quick replies the
 * person sees, searched on the server by shortcut or text once typing pauses
 * (lib/quick-replies.ts `searchQuickReplies`), each option its `/shortcut`, its text (one line) and
 * what else it sends (a file, a template). Choosing one hands it over and empties the field again,
 * for another.
 */
import { Loader, Select, Stack, Text, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { QUICK_REPLIES_SEGMENT } from '../lib/query-keys';
import { searchQuickReplies, type QuickReply } from '../lib/quick-replies';
import { ContentMarkers } from './ContentMarkers';

/** Wait this long after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 300;
/** The longest search sent. */
const MAX_SEARCH = 100;

/** The server has filtered already: every option it answered shows. */
const SERVER_FILTERED: OptionsFilter = ({ options }) => options;

export interface QuickReplySelectProps {
  onPick: (reply: QuickReply) => void;
  label?: string;
  description?: ReactNode;
  /** Under the field: why the reply chosen could not be used. */
  error?: ReactNode;
}

export function QuickReplySelect({
  onPick,
  label = 'Inserir resposta rápida',
  description,
  error,
}: QuickReplySelectProps) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const typed = search.trim().replace(/^\//, '').slice(0, MAX_SEARCH);
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const replies = useQuery({
    // Under the quick replies segment: a reply created or changed elsewhere reads it again.
    queryKey: [QUICK_REPLIES_SEGMENT, 'search', debounced],
    queryFn: ({ signal }) => searchQuickReplies(debounced, signal),
    enabled: opened,
    staleTime: 30 * 1000,
    placeholderData: keepPreviousData,
  });
  const found = replies.data?.data ?? [];
  const searching = replies.isFetching || typed !== debounced;

  return (
    <Select
      label={label}
      description={description}
      placeholder="Busque pelo atalho ou pelo texto"
      searchable
      data={found.map((reply) => ({ value: String(reply.id), label: `/${reply.shortcut}` }))}
      filter={SERVER_FILTERED}
      value={null}
      onChange={(id) => {
        const reply = found.find((r) => String(r.id) === id);
        setSearch('');
        if (reply) onPick(reply);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={
        replies.isError
          ? 'Não foi possível buscar as respostas rápidas.'
          : searching || replies.isPending
            ? 'Buscando…'
            : 'Nenhuma resposta rápida encontrada'
      }
      rightSection={opened && searching ? <Loader size="xs" aria-label="Buscando respostas rápidas" /> : undefined}
      renderOption={({ option }) => {
        const reply = found.find((r) => String(r.id) === option.value);
        if (!reply) return option.label;
        const text = reply.template ? reply.template.body : reply.body;
        return (
          <Stack gap={2} miw={0} w="100%">
            <Text size="sm" fw={600}>
              /{reply.shortcut}
            </Text>
            {text ? (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {text}
              </Text>
            ) : null}
            <ContentMarkers attachment={reply.attachment} template={reply.template} />
          </Stack>
        );
      }}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={300}
      error={error}
    />
  );
}
