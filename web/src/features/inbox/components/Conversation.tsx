/**
 * The open ticket: who and where (header with its actions: accept, transfer, close, the customer
 * panel on narrower screens), its tags (a line under the header, with "Etiquetas" to change them),
 * a pending transfer with what the viewer may do about it (`TransferBanner`: the distribution's
 * offer too), the messages, and the composer: a reply when the viewer may write, an internal note
 * (docs/notes.md) whenever they see the ticket (`ComposerArea`). Opening it marks it read. On an
 * official number the header shows WhatsApp's 24-hour window (`WindowBadge`), which the composer
 * follows; under a SLA policy, the ticket's state and deadlines (`SlaStatus`, lib/sla.ts).
 */
import { ActionIcon, Avatar, Badge, Button, Center, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { useDocumentVisibility } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconArrowsExchange,
  IconCheck,
  IconCircleCheck,
  IconHandStop,
  IconUserCircle,
} from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { ApiError } from '../../../lib/http';
import { useAcceptTicket } from '../api/accept-ticket';
import { useClosingReasons } from '../api/get-closing-reasons';
import { useConversation } from '../api/get-messages';
import { useTicket } from '../api/get-ticket';
import { useTransfers } from '../api/get-transfers';
import { useKnownMentionNames } from '../api/get-mention-targets';
import { useMarkRead } from '../api/mark-read';
import { useResolveTransfer, type TransferResolution } from '../api/resolve-transfer';
import { useReactToMessage } from '../api/react-to-message';
import { useRetryMessage } from '../api/retry-message';
import type { Message, Ticket } from '../api/schemas';
import { newClientId, sentRequest, useSendMessage } from '../api/send-message';
import { INTERNAL_KIND, sentNote, useWriteNote } from '../api/write-note';
import { useComposerMode } from '../composer/composer-mode';
import { NoteComposer } from '../composer/NoteComposer';
import { messagesInOrder, pendingTransfer } from '../cache';
import { addressLine, customerName, STATUS_COLORS, STATUS_LABELS } from '../format';
import { inboxKeys } from '../keys';
import { useNow } from '../../../lib/use-now';
import { useServiceWindow } from '../hooks/use-service-window';
import { isOffer } from '../offer';
import { mayWriteOn, type InboxViewer } from '../viewer';
import { CloseTicketDialog } from './CloseTicketDialog';
import { Composer, type ComposerHandle } from './Composer';
import { ComposerArea } from './ComposerArea';
import classes from './Inbox.module.css';
import { MessageList } from './MessageList';
import { SlaStatus } from './SlaBadge';
import { TicketTagsBar } from './TicketTagsControl';
import { TransferBanner } from './TransferBanner';
import { TransferDialog } from './TransferDialog';
import { WindowBadge } from './WindowBadge';

export interface ConversationProps {
  viewer: InboxViewer;
  ticketId: number;
  /** Back to the queue (phones). */
  onBack: () => void;
  /** Shows the customer panel (where it is not beside the conversation). */
  onShowCustomer: () => void;
  /** The viewer took the ticket (accepted it, or a transfer to them). */
  onTaken: () => void;
  /** A message to open the conversation at (a message search's link, `&message=`). */
  targetMessageId?: number | null;
  /** The target was shown, or given up on (the link's parameter can go). */
  onTargetDone?: () => void;
}

/** Media links expire after an hour: the conversation is read again at most this often (ms). */
const EXPIRED_REFRESH_MS = 30_000;

function Footer({ ticket, viewer, children }: { ticket: Ticket; viewer: InboxViewer; children: ReactNode }) {
  const owner = ticket.assignedUser;
  if (mayWriteOn(ticket, viewer)) return <>{children}</>;
  let text: string;
  if (ticket.status === 'pending') text = 'Aceite o atendimento para responder.';
  else if (ticket.status === 'bot') text = 'O assistente virtual está atendendo. Assuma o atendimento para responder.';
  else if (ticket.status === 'closed') text = `Atendimento encerrado ${formatDateTime(ticket.closedAt)}.`;
  else text = `Em atendimento por ${owner?.name ?? 'outra pessoa'}.`;
  return (
    <div className={classes.composer}>
      <Text size="sm" c="dimmed" ta="center" py={6}>
        {text}
      </Text>
    </div>
  );
}

export function Conversation({
  viewer,
  ticketId,
  onBack,
  onShowCustomer,
  onTaken,
  targetMessageId = null,
  onTargetDone,
}: ConversationProps) {
  const ticketQuery = useTicket(ticketId);
  const ticket = ticketQuery.data;
  const { conversation, loadOlder } = useConversation(ticketId);
  const transfers = useTransfers(ticketId, ticket?.status === 'transferring');
  const reasons = useClosingReasons(ticket?.status === 'closed');
  const accept = useAcceptTicket(viewer.id);
  const resolve = useResolveTransfer(viewer.id);
  const send = useSendMessage(ticketId, viewer);
  const note = useWriteNote(ticketId, viewer);
  const [mode, setMode] = useComposerMode(ticketId);
  const mentionNames = useKnownMentionNames(ticketId, viewer.name);
  const retry = useRetryMessage(ticketId);
  const markRead = useMarkRead();
  const visibility = useDocumentVisibility();
  const now = useNow();
  const [dialog, setDialog] = useState<'none' | 'transfer' | 'close'>('none');
  const react = useReactToMessage(ticketId, viewer);
  const queryClient = useQueryClient();
  /** The message being answered ("Responder"), for the ticket it was chosen on. */
  const [reply, setReply] = useState<{ ticketId: number; message: Message } | null>(null);
  const replyTo = reply?.ticketId === ticketId ? reply.message : null;
  const [dragging, setDragging] = useState(false);
  const composer = useRef<ComposerHandle>(null);
  const lastExpiredRefresh = useRef(0);
  const serviceWindow = useServiceWindow(ticket?.windowClosesAt);

  const messages = useMemo(() => messagesInOrder(conversation.data), [conversation.data]);
  const unread = ticket?.unread ?? 0;
  const { mutate: read, isPending: reading } = markRead;
  useEffect(() => {
    if (unread > 0 && visibility === 'visible' && !reading) read(ticketId);
  }, [unread, visibility, reading, read, ticketId]);

  if (ticketQuery.isPending) {
    return (
      <Center h="100%">
        <Loader aria-label="Carregando atendimento" />
      </Center>
    );
  }
  if (ticketQuery.isError || !ticket) {
    const missing = ticketQuery.error instanceof ApiError && ticketQuery.error.status === 404;
    return (
      <Stack p="md">
        <Group>
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
            onClick={onBack}
            className={classes.backButton}
          >
            Voltar
          </Button>
        </Group>
        <LoadError
          title={missing ? 'Atendimento não encontrado.' : 'Não foi possível carregar o atendimento.'}
          error={missing ? new Error('Ele não existe ou você não tem acesso a ele.') : ticketQuery.error}
          onRetry={missing ? undefined : () => void ticketQuery.refetch()}
          retrying={ticketQuery.isFetching}
        />
      </Stack>
    );
  }

  const name = customerName(ticket);
  const owner = ticket.assignedUser?.name ?? 'quem o tinha';
  const mine = ticket.assignedUser?.id === viewer.id;
  const mayAct = mine || viewer.manager;
  const pending = ticket.status === 'transferring' ? pendingTransfer(transfers.data) : null;
  const reason = reasons.data?.find((r) => r.id === ticket.closingReasonId)?.name;

  function failed(title: string, error: unknown) {
    notifications.show({ color: 'red', title, message: errorMessage(error) });
  }

  // Accepting a ticket the chatbot holds takes it over from the bot ("Assumir"): same request.
  const fromBot = ticket.status === 'bot';

  function acceptTicket() {
    accept.mutate(ticketId, {
      onSuccess: () => {
        notifications.show(
          fromBot
            ? {
                color: 'teal',
                title: 'Atendimento assumido',
                message: `O bot parou de responder: agora ${name} é seu.`,
              }
            : { color: 'teal', title: 'Atendimento aceito', message: `Agora ${name} é seu.` },
        );
        onTaken();
      },
      onError: (error) => {
        failed(fromBot ? 'Não foi possível assumir' : 'Não foi possível aceitar', error);
        void ticketQuery.refetch();
      },
    });
  }

  function resolveTransfer(resolution: TransferResolution) {
    if (!pending) return;
    // The distribution's offer: declined or cancelled, the ticket goes back to the queue.
    const offer = isOffer(pending);
    const what = offer ? 'Oferta' : 'Transferência';
    resolve.mutate(
      { transferId: pending.id, resolution },
      {
        onSuccess: () => {
          if (resolution === 'accept') {
            notifications.show({ color: 'teal', title: `${what} aceita`, message: `Agora ${name} é seu.` });
            onTaken();
          } else {
            notifications.show({
              color: 'gray',
              title: `${what} ${resolution === 'reject' ? 'recusada' : 'cancelada'}`,
              message: offer
                ? `O atendimento de ${name} voltou para a fila.`
                : `O atendimento de ${name} continua com ${owner}.`,
            });
          }
        },
        onError: (error) =>
          failed(offer ? 'Não foi possível resolver a oferta' : 'Não foi possível resolver a transferência', error),
      },
    );
  }

  function onRetry(message: Message) {
    if (message.local === 'error' && message.clientId && message.kind === INTERNAL_KIND) {
      // A note: the same note again (its mentions and share included).
      note.mutate(sentNote(message.clientId) ?? { body: message.body, clientId: message.clientId });
      return;
    }
    if (message.local === 'error' && message.clientId) {
      // The same request again: a file's message keeps its file and a reply its quote.
      send.mutate(sentRequest(message.clientId) ?? { body: message.body, clientId: message.clientId });
      return;
    }
    retry.mutate(message.id, { onError: (error) => failed('Não foi possível reenviar', error) });
  }

  const writable = mayWriteOn(ticket, viewer);
  /** WhatsApp's window has closed: templates only (no files, no replies quoting a message). */
  const windowClosed = serviceWindow.state === 'closed';

  function onMediaExpired() {
    const at = Date.now();
    if (at - lastExpiredRefresh.current < EXPIRED_REFRESH_MS) return;
    lastExpiredRefresh.current = at;
    void queryClient.invalidateQueries({ queryKey: inboxKeys.messages(ticketId) });
  }

  function hasFiles(event: DragEvent) {
    return writable && !windowClosed && mode === 'reply' && Array.from(event.dataTransfer.types).includes('Files');
  }

  return (
    <>
      <header className={classes.conversationHeader}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={onBack}
          aria-label="Voltar para a fila"
          className={classes.backButton}
        >
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Avatar name={name} color="initials" radius="xl" size={40} />
        <Stack gap={2} flex={1} miw={0}>
          <Text fw={700} truncate component="h2" size="md">
            {name}
          </Text>
          <Group gap={6} wrap={serviceWindow.state === 'none' ? 'nowrap' : 'wrap'} className={classes.statusLine}>
            <Badge size="sm" variant="dot" color={STATUS_COLORS[ticket.status] ?? 'gray'} flex="none">
              {STATUS_LABELS[ticket.status] ?? ticket.status}
            </Badge>
            {ticket.status === 'closed' ? null : <WindowBadge serviceWindow={serviceWindow} />}
            <Text size="xs" c="dimmed" truncate>
              {addressLine(ticket.customer.phone)} · {ticket.instance.name} · Protocolo {ticket.protocol}
              {ticket.assignedUser && ticket.status !== 'pending'
                ? ` · ${mine ? 'Você' : ticket.assignedUser.name}`
                : ''}
            </Text>
          </Group>
          <SlaStatus sla={ticket.sla} closed={ticket.status === 'closed'} now={now} className={classes.slaInline} />
        </Stack>
        <Group gap={6} wrap="nowrap">
          {ticket.status === 'pending' ? (
            <Button
              size="sm"
              color="teal.9"
              leftSection={<IconCheck size={16} />}
              loading={accept.isPending}
              onClick={acceptTicket}
            >
              Aceitar
            </Button>
          ) : null}
          {fromBot ? (
            <Tooltip label="Tirar o atendimento do bot e responder você">
              <Button
                size="sm"
                color="teal.9"
                aria-label="Assumir"
                className={classes.takeOver}
                leftSection={<IconHandStop size={16} aria-hidden />}
                loading={accept.isPending}
                onClick={acceptTicket}
              >
                <span className={classes.takeOverLabel}>Assumir</span>
              </Button>
            </Tooltip>
          ) : null}
          {ticket.status === 'open' && mayAct ? (
            <Tooltip label="Transferir">
              <ActionIcon variant="default" size={36} aria-label="Transferir" onClick={() => setDialog('transfer')}>
                <IconArrowsExchange size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {ticket.status !== 'closed' && (mayAct && ticket.status !== 'pending' ? true : viewer.manager) ? (
            <Tooltip label="Encerrar">
              <ActionIcon variant="default" size={36} aria-label="Encerrar" onClick={() => setDialog('close')}>
                <IconCircleCheck size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          <Tooltip label="Dados do cliente">
            <ActionIcon
              variant="default"
              size={36}
              aria-label="Dados do cliente"
              onClick={onShowCustomer}
              className={classes.customerButton}
            >
              <IconUserCircle size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </header>
      {/* A narrow conversation (a phone): the SLA on a line of its own (Inbox.module.css). */}
      <SlaStatus
        sla={ticket.sla}
        closed={ticket.status === 'closed'}
        now={now}
        barClassName={classes.slaBar}
        data-testid="sla-status-narrow"
      />
      <TicketTagsBar ticket={ticket} viewerId={viewer.id} />
      {pending ? (
        <TransferBanner
          transfer={pending}
          viewer={viewer}
          onResolve={resolveTransfer}
          resolving={resolve.isPending ? (resolve.variables?.resolution ?? null) : null}
        />
      ) : null}
      {ticket.status === 'closed' ? (
        <div className={classes.banner}>
          <Text size="sm" c="dimmed">
            Encerrado {formatRelative(ticket.closedAt, now)}
            {reason ? ` · Motivo: ${reason}` : ''}
          </Text>
        </div>
      ) : null}
      <div
        className={classes.dropArea}
        onDragEnter={(event) => {
          if (hasFiles(event)) setDragging(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          setDragging(false);
          if (!hasFiles(event)) return;
          event.preventDefault();
          composer.current?.addFiles(Array.from(event.dataTransfer.files));
        }}
        data-testid="conversation-drop"
      >
        {dragging ? (
          <div className={classes.dropOverlay} aria-hidden>
            <Text fw={700}>Solte os arquivos para anexar</Text>
          </div>
        ) : null}
        {conversation.isPending ? (
          <Center flex={1}>
            <Loader aria-label="Carregando mensagens" />
          </Center>
        ) : conversation.isError ? (
          <Stack p="md" flex={1}>
            <LoadError
              title="Não foi possível carregar as mensagens."
              error={conversation.error}
              onRetry={() => void conversation.refetch()}
              retrying={conversation.isFetching}
            />
          </Stack>
        ) : (
          <MessageList
            key={ticketId}
            messages={messages}
            now={now}
            hasOlder={conversation.hasNextPage}
            loadingOlder={conversation.isFetchingNextPage}
            loadOlder={(pageSize) => void loadOlder(pageSize)}
            onRetry={onRetry}
            retryingId={retry.isPending ? (retry.variables ?? null) : null}
            customerName={name}
            viewerId={viewer.id}
            onReply={
              writable && !windowClosed
                ? (message) => {
                    setReply({ ticketId, message });
                    setMode('reply');
                  }
                : undefined
            }
            onReact={writable ? (message, emoji) => react.mutate({ messageId: message.id, emoji }) : undefined}
            onMediaExpired={onMediaExpired}
            mentionNames={mentionNames}
            targetMessageId={targetMessageId}
            onTargetDone={onTargetDone}
          />
        )}
        <ComposerArea
          mode={mode}
          onModeChange={setMode}
          reply={
            <Footer ticket={ticket} viewer={viewer}>
              <Composer
                key={ticketId}
                ref={composer}
                ticketId={ticketId}
                instanceId={ticket.instance.id}
                customerName={name}
                replyTo={replyTo}
                onCancelReply={() => setReply(null)}
                onSend={(body, extra) => send.mutate({ body, clientId: newClientId(), ...extra })}
                serviceWindow={serviceWindow}
                onSendTemplate={(template, body, extra) =>
                  send.mutateAsync({ body, clientId: newClientId(), template, ...extra })
                }
              />
            </Footer>
          }
          note={
            <NoteComposer
              key={ticketId}
              ticketId={ticketId}
              onSend={(input) => note.mutateAsync({ ...input, clientId: newClientId() })}
            />
          }
        />
      </div>
      <TransferDialog opened={dialog === 'transfer'} ticket={ticket} onClose={() => setDialog('none')} />
      <CloseTicketDialog
        opened={dialog === 'close'}
        ticket={ticket}
        viewerId={viewer.id}
        onClose={() => setDialog('none')}
      />
    </>
  );
}
