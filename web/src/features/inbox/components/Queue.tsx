/**
 * The queue: tabs Aguardando / Meus / Em transferência / Com o bot / Encerrados with live counts,
 * search by name, phone or protocol, instance and tag filters (in the URL), and the tickets a page at a time (more load as
 * the list is scrolled, or with "Carregar mais"). Arrow keys move between tickets. "Com o bot" (the
 * tickets the chatbot holds) shows where the tenant has the chatbot, or while it holds any.
 */
import {
  Badge,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Select,
  Skeleton,
  Stack,
  Tabs,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useIntersection } from '@mantine/hooks';
import { IconInbox, IconLayoutDashboard, IconSearch, IconTag } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { useTags } from '../../../lib/tags';
import { TagFilter } from './TagFilter';
import { useInboxInstances } from '../api/get-inbox-instances';
import { MAX_QUEUE_SEARCH, useQueue, useQueueCounts } from '../api/get-tickets';
import type { Counts } from '../api/schemas';
import { useNow } from '../../../lib/use-now';
import { isQueueTab, visibleTabs, type QueueTab } from '../keys';
import type { InboxLocation } from '../url';
import type { InboxViewer } from '../viewer';
import classes from './Inbox.module.css';
import { NotificationPrompt } from './NotificationPrompt';
import { TicketItem } from './TicketItem';

/** Wait this long after the last keystroke before searching. */
export const QUEUE_SEARCH_DEBOUNCE_MS = 300;

const TAB_LABELS: Record<QueueTab, string> = {
  pending: 'Aguardando',
  mine: 'Meus',
  transferring: 'Em transferência',
  bot: 'Com o bot',
  closed: 'Encerrados',
};

const EMPTY: Record<QueueTab, { title: string; description: string }> = {
  pending: { title: 'Ninguém aguardando', description: 'Quando um cliente escrever, o atendimento aparece aqui.' },
  mine: { title: 'Nenhum atendimento seu', description: 'Aceite um atendimento em Aguardando para começar.' },
  transferring: { title: 'Nenhuma transferência', description: 'Atendimentos sendo transferidos aparecem aqui.' },
  bot: {
    title: 'Ninguém com o bot',
    description: 'Os clientes que o assistente virtual está atendendo aparecem aqui; assuma um para responder você.',
  },
  closed: { title: 'Nenhum atendimento encerrado', description: 'Os atendimentos encerrados ficam aqui.' },
};

function tabCount(tab: QueueTab, counts: Counts | undefined): number | null {
  if (!counts) return null;
  switch (tab) {
    case 'pending':
      return counts.pending;
    case 'mine':
      return counts.mine;
    case 'transferring':
      return counts.transferring;
    case 'bot':
      return counts.bot;
    case 'closed':
      return null;
  }
}

export interface QueueProps {
  viewer: InboxViewer;
  location: InboxLocation;
  hrefWith: (change: Partial<InboxLocation>) => string;
  onChange: (change: Partial<InboxLocation>) => void;
  /** The tenant has the chatbot (`features` of the user info; null when unknown). */
  chatbot: boolean | null;
}

/** Focus the next or previous ticket of the list (ArrowDown / ArrowUp, Home / End). */
function moveFocus(event: KeyboardEvent<HTMLAnchorElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = Array.from(
    event.currentTarget.closest('[data-queue-list]')?.querySelectorAll<HTMLAnchorElement>('a[data-ticket-id]') ?? [],
  );
  const index = items.indexOf(event.currentTarget);
  const target =
    event.key === 'Home'
      ? items[0]
      : event.key === 'End'
        ? items[items.length - 1]
        : items[index + (event.key === 'ArrowDown' ? 1 : -1)];
  if (target) {
    event.preventDefault();
    target.focus();
  }
}

export function Queue({ viewer, location, hrefWith, onChange, chatbot }: QueueProps) {
  const filter = useMemo(
    () => ({ tab: location.tab, search: location.search, instanceId: location.instanceId, tagId: location.tagId }),
    [location.tab, location.search, location.instanceId, location.tagId],
  );
  const queue = useQueue(filter);
  const counts = useQueueCounts();
  const now = useNow();

  // The search box answers each keystroke; the URL (and the request) follow a pause later.
  const [typed, setTyped] = useState(location.search);
  const [syncedSearch, setSyncedSearch] = useState(location.search);
  if (syncedSearch !== location.search) {
    setSyncedSearch(location.search);
    setTyped(location.search);
  }
  const applySearch = useDebouncedCallback((value: string) => onChange({ search: value }), QUEUE_SEARCH_DEBOUNCE_MS);

  const instances = useInboxInstances();
  const instanceOptions = useMemo(() => {
    const options = (instances.data ?? []).map((instance) => ({ value: String(instance.id), label: instance.name }));
    // A filter in the URL for an instance the list does not name (no longer visible, or the list
    // not read yet) stays choosable, so it can be seen and cleared.
    const chosen = location.instanceId;
    if (chosen !== null && !options.some((option) => option.value === String(chosen))) {
      options.push({ value: String(chosen), label: `Instância ${chosen}` });
    }
    return options;
  }, [instances.data, location.instanceId]);

  const showInstances = instanceOptions.length > 1 || location.instanceId !== null;
  const tags = useTags();
  const showTags = (tags.data?.length ?? 0) > 0 || location.tagId !== null;

  const { ref: sentinel, entry } = useIntersection({ threshold: 0 });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = queue;
  useEffect(() => {
    if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [entry?.isIntersecting, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const tickets = queue.data?.pages.flatMap((page) => page.data) ?? [];
  let content: ReactNode;
  if (queue.isPending) {
    content = (
      <Stack gap={0} aria-busy="true" aria-label="Carregando atendimentos" p="sm">
        {[0, 1, 2, 3, 4].map((row) => (
          <Group key={row} gap="sm" wrap="nowrap" py="xs">
            <Skeleton height={40} circle />
            <Stack gap={6} flex={1}>
              <Skeleton height={12} width="60%" />
              <Skeleton height={10} width="90%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  } else if (queue.isError) {
    content = (
      <Stack p="sm">
        <LoadError
          title="Não foi possível carregar os atendimentos."
          error={queue.error}
          onRetry={() => void queue.refetch()}
          retrying={queue.isFetching}
        />
      </Stack>
    );
  } else if (tickets.length === 0) {
    const empty = EMPTY[location.tab];
    const searched = location.search.trim();
    content = (
      <Stack p="sm">
        {location.tagId !== null && !searched ? (
          <EmptyState
            icon={IconTag}
            title="Nenhum atendimento com essa etiqueta"
            description={`Nenhum atendimento em ${TAB_LABELS[location.tab]} tem a etiqueta escolhida.`}
            actions={
              <Button variant="light" size="xs" onClick={() => onChange({ tagId: null })}>
                Mostrar todas as etiquetas
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={searched ? IconSearch : IconInbox}
            title={searched ? 'Nada encontrado' : empty.title}
            description={
              searched ? `Nenhum atendimento em ${TAB_LABELS[location.tab]} para “${searched}”.` : empty.description
            }
          />
        )}
      </Stack>
    );
  } else {
    content = (
      <nav aria-label={`Atendimentos: ${TAB_LABELS[location.tab]}`} data-queue-list>
        {tickets.map((ticket) => (
          <TicketItem
            key={ticket.id}
            ticket={ticket}
            href={hrefWith({ ticketId: ticket.id })}
            selected={ticket.id === location.ticketId}
            now={now}
            viewerId={viewer.id}
            onKeyDown={moveFocus}
          />
        ))}
        {hasNextPage ? (
          <Center p="sm" ref={sentinel}>
            <Button variant="subtle" size="xs" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              Carregar mais
            </Button>
          </Center>
        ) : null}
      </nav>
    );
  }

  return (
    <>
      <div className={classes.queueHeader}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={1} size="h4">
            Atendimentos
          </Title>
          <Group gap="xs" wrap="nowrap">
            {queue.isFetching && !queue.isPending ? <Loader size="xs" aria-label="Atualizando" /> : null}
            {/* Administrators and supervisors keep the company's status board beside the inbox
                (docs/account.md#home-board). */}
            {viewer.manager ? (
              <Button
                component={Link}
                to="/?painel"
                variant="subtle"
                size="compact-sm"
                leftSection={<IconLayoutDashboard size={16} aria-hidden />}
              >
                Quadro da empresa
              </Button>
            ) : null}
          </Group>
        </Group>
        <NotificationPrompt />
        <Group gap="xs" mt="xs" wrap="wrap">
          <TextInput
            aria-label="Buscar atendimentos"
            placeholder="Buscar nome, telefone ou protocolo"
            leftSection={<IconSearch size={16} />}
            value={typed}
            maxLength={MAX_QUEUE_SEARCH}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            rightSection={
              typed ? (
                <CloseButton
                  size="sm"
                  aria-label="Limpar busca"
                  onClick={() => {
                    setTyped('');
                    onChange({ search: '' });
                  }}
                />
              ) : null
            }
            // Beside one filter on its line; with both filters, alone on its line and they below.
            flex={showInstances && showTags ? '1 1 100%' : '1 1 0'}
            miw={0}
            size="sm"
          />
          {showInstances ? (
            <Select
              aria-label="Filtrar por instância"
              placeholder="Todas"
              data={instanceOptions}
              value={location.instanceId === null ? null : String(location.instanceId)}
              onChange={(value) => onChange({ instanceId: value === null ? null : Number(value) })}
              clearable
              size="sm"
              w={showTags ? undefined : 130}
              flex={showTags ? '1 1 0' : undefined}
              miw={0}
              comboboxProps={{ withinPortal: true }}
            />
          ) : null}
          {showTags ? (
            <TagFilter
              tags={tags.data ?? []}
              value={location.tagId}
              onChange={(tagId) => onChange({ tagId })}
              w={showInstances ? undefined : 130}
              flex={showInstances ? '1 1 0' : undefined}
            />
          ) : null}
        </Group>
        <Tabs
          value={location.tab}
          onChange={(value) => {
            if (isQueueTab(value)) onChange({ tab: value });
          }}
          mt="xs"
          classNames={{
            list: classes.tabList,
            tab: classes.tab,
            tabLabel: classes.tabLabel,
            tabSection: classes.tabSection,
          }}
        >
          <Tabs.List grow>
            {visibleTabs(chatbot, counts, location.tab).map((tab) => {
              const count = tabCount(tab, counts);
              return (
                <Tabs.Tab key={tab} value={tab}>
                  {TAB_LABELS[tab]}
                  {count !== null && count > 0 ? (
                    <Badge
                      size="xs"
                      variant={tab === location.tab ? 'filled' : 'default'}
                      color="indigo.7"
                      ml={4}
                      className={classes.tabCount}
                    >
                      {count > 999 ? '999+' : count}
                    </Badge>
                  ) : null}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
        </Tabs>
      </div>
      <div className={classes.list}>{content}</div>
    </>
  );
}
