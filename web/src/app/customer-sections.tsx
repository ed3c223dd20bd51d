/**
 * What the app adds to the inbox's customer panel (features/inbox CustomerPanel `sections`; a
 * feature never imports another): the customer's orders (features/orders, docs/orders.md), with
 * "Registrar pedido" for whoever may write on the open conversation. The inbox (`/`) and the
 * kanban board's side panel (`/kanban`) hand it alike.
 */
import type { CustomerSectionsProps } from '../features/inbox/components/CustomerPanel';
import { CustomerOrders } from '../features/orders/components/CustomerOrders';

export function CustomerSections({ customerId, ticketId, writable, headingOrder }: CustomerSectionsProps) {
  return (
    <CustomerOrders customerId={customerId} ticketId={ticketId} canRegister={writable} headingOrder={headingOrder} />
  );
}
