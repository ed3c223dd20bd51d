/**
 * "Agendar mensagem" in the customer panel: opens components/ScheduleMessageModal for this customer
 * by the open ticket's number (its instance), the text and the moment to be chosen. The scheduled
 * messages screen (/scheduled-messages) lists them afterwards. The number comes from the customer's
 * tickets the panel already has, else from the open ticket the inbox keeps (never read again here),
 * whose 24-hour window (an official number's `windowClosesAt`) the dialog warns about.
 */
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCalendarTime } from '@tabler/icons-react';
import { useState } from 'react';
import { ScheduleMessageModal } from '../../../components/ScheduleMessageModal';
import type { CustomerDetail } from '../api/schemas';
import { getTicket } from '../api/get-ticket';
import { inboxKeys } from '../keys';

export interface ScheduleMessageButtonProps {
  customer: Pick<CustomerDetail, 'id' | 'phone' | 'tickets'>;
  /** The customer's name as the panel shows it. */
  name: string;
  /** The ticket open now: the message goes by its number. */
  ticketId: number;
}

export function ScheduleMessageButton({ customer, name, ticketId }: ScheduleMessageButtonProps) {
  const fromHistory = customer.tickets.find((ticket) => ticket.id === ticketId)?.instance;
  // The open ticket as the inbox holds it (its own query reads it); only watched here.
  const open = useQuery({ queryKey: inboxKeys.ticket(ticketId), queryFn: () => getTicket(ticketId), enabled: false });
  const instance = open.data?.instance ?? fromHistory ?? null;
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconCalendarTime size={16} />}
        disabled={instance === null}
        onClick={() => setOpened(true)}
      >
        Agendar mensagem
      </Button>
      <ScheduleMessageModal
        opened={opened}
        target={
          instance
            ? {
                kind: 'new',
                customer: { id: customer.id, name, phone: customer.phone },
                instance: { id: instance.id, name: instance.name },
                windowClosesAt: open.data?.instance.id === instance.id ? open.data.windowClosesAt : null,
              }
            : null
        }
        onClose={() => setOpened(false)}
      />
    </>
  );
}
