/**
 * A card's conversation over the board: the inbox's own Conversation in a side panel (full width on
 * a phone), with the customer's data in a second panel on demand. Closing it goes back to the board
 * as it was; everything in it updates live as in the inbox (the app's customer sections included).
 */
import { Drawer, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTicket } from '../api/get-ticket';
import { Conversation } from '../components/Conversation';
import { CustomerPanel, type CustomerSections } from '../components/CustomerPanel';
import inbox from '../components/Inbox.module.css';
import { mayWriteOn, type InboxViewer } from '../viewer';
import classes from './Board.module.css';

export interface BoardConversationProps {
  ticketId: number | null;
  viewer: InboxViewer;
  onClose: () => void;
  /** The board's href with another ticket open (the customer's earlier tickets). */
  ticketHref: (ticketId: number) => string;
  /** Sections the app adds to the customer panel (the inbox's `customerSections`). */
  customerSections?: CustomerSections;
}

export function BoardConversation({ ticketId, viewer, onClose, ticketHref, customerSections }: BoardConversationProps) {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.0625em))`, false);
  const ticket = useTicket(ticketId);
  const [customerFor, setCustomerFor] = useState<number | null>(null);
  const customerId = ticketId !== null ? (ticket.data?.customer.id ?? null) : null;
  const writable = ticket.data ? mayWriteOn(ticket.data, viewer) : false;

  return (
    <>
      <Drawer
        opened={ticketId !== null}
        onClose={onClose}
        position="right"
        size={phone ? '100%' : 'xl'}
        title="Atendimento"
        classNames={{ content: `${classes.drawerContent} ${inbox.portal}`, body: classes.drawerBody }}
      >
        {ticketId !== null ? (
          <div className={inbox.embedded}>
            <Conversation
              key={ticketId}
              viewer={viewer}
              ticketId={ticketId}
              onBack={onClose}
              onShowCustomer={() => setCustomerFor(ticketId)}
              onTaken={() => undefined}
            />
          </div>
        ) : null}
      </Drawer>
      <Drawer
        opened={customerFor !== null && customerFor === ticketId && customerId !== null}
        onClose={() => setCustomerFor(null)}
        position="right"
        size="sm"
        title="Dados do cliente"
        classNames={{ content: inbox.portal }}
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
    </>
  );
}
