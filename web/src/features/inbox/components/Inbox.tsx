/**
 * The staff inbox (`/` for staff): the queue, the open conversation and the customer panel, side
 * by side as wide as the screen allows (Inbox.module.css); on a phone the queue, then the
 * conversation full screen. What is open lives in the URL (`url.ts`) — with `&message=`, the
 * conversation opens at that message (the message search's links). Everything updates from the
 * realtime socket (`realtime.ts`), without reloading. The app adds sections to the customer panel
 * (`customerSections`: the customer's orders).
 */
import { Drawer, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTicket } from '../api/get-ticket';
import { useInboxLocation } from '../hooks/use-inbox-location';
import { mayWriteOn, type InboxViewer } from '../viewer';
import { Conversation } from './Conversation';
import { CustomerPanel, type CustomerSections } from './CustomerPanel';
import classes from './Inbox.module.css';
import { Queue } from './Queue';

export interface InboxProps {
  viewer: InboxViewer;
  /** The tenant has the chatbot on (the user info's `features`; null when it does not say). */
  chatbot?: boolean | null;
  /** Sections the app adds to the customer panel (app/customer-sections.tsx). */
  customerSections?: CustomerSections;
}

function NothingOpen() {
  return (
    <Stack align="center" justify="center" h="100%" gap="xs" p="xl" ta="center" bg="var(--inbox-conversation-bg)">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray">
        <IconMessages size={34} stroke={1.5} />
      </ThemeIcon>
      <Text fw={600}>Nenhum atendimento aberto</Text>
      <Text size="sm" c="dimmed" maw={360}>
        Escolha um atendimento na fila para ver a conversa e responder ao cliente.
      </Text>
    </Stack>
  );
}

export function Inbox({ viewer, chatbot = null, customerSections }: InboxProps) {
  const { location, hrefWith, change, closeTicket } = useInboxLocation();
  const [customerOpen, setCustomerOpen] = useState(false);
  const ticketId = location.ticketId;
  const ticket = useTicket(ticketId);
  const customerId = ticketId !== null ? (ticket.data?.customer.id ?? null) : null;
  const ticketHref = (id: number) => hrefWith({ ticketId: id });
  const writable = ticket.data ? mayWriteOn(ticket.data, viewer) : false;

  return (
    <div className={classes.root}>
      <div className={classes.grid} data-ticket-open={ticketId !== null}>
        <section className={classes.queue} aria-label="Fila de atendimentos">
          <Queue
            viewer={viewer}
            location={location}
            hrefWith={hrefWith}
            onChange={(next) => change(next)}
            chatbot={chatbot}
          />
        </section>
        <section className={classes.conversation} aria-label="Conversa">
          {ticketId !== null ? (
            <Conversation
              key={ticketId}
              viewer={viewer}
              ticketId={ticketId}
              onBack={closeTicket}
              onShowCustomer={() => setCustomerOpen(true)}
              onTaken={() => {
                if (location.tab !== 'mine') change({ tab: 'mine' });
              }}
              targetMessageId={location.messageId}
              onTargetDone={() => change({ messageId: null })}
            />
          ) : (
            <NothingOpen />
          )}
        </section>
        {ticketId !== null && customerId !== null ? (
          <aside className={classes.customer} aria-label="Dados do cliente">
            <CustomerPanel
              customerId={customerId}
              ticketId={ticketId}
              ticketHref={ticketHref}
              sections={customerSections}
              writable={writable}
            />
          </aside>
        ) : null}
      </div>
      <Drawer
        opened={customerOpen && customerId !== null}
        onClose={() => setCustomerOpen(false)}
        position="right"
        size="sm"
        title="Dados do cliente"
        classNames={{ content: classes.portal }}
      >
        {customerId !== null && ticketId !== null ? (
          <CustomerPanel
            customerId={customerId}
            ticketId={ticketId}
            ticketHref={ticketHref}
            headingOrder={3}
            sections={customerSections}
            writable={writable}
          />
        ) : null}
      </Drawer>
    </div>
  );
}
