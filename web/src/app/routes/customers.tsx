/**
 * /customers (route `customers`; docs/inbox.md#customers): the customers directory — search,
 * detail with history, blacklist, CSV export — and the groups of customers. A ticket of a
 * customer's history opens in the inbox (features do not import each other: the inbox's path is
 * handed over here).
 */
import { PageHeader } from '../../components/PageHeader';
import { CustomersScreen } from '../../features/customers/components/CustomersScreen';
import { inboxTicketPath } from '../../features/inbox/url';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <>
      <PageHeader
        title={routeLabel('customers')}
        description="Quem já escreveu para os números da empresa: histórico, bloqueio e grupos para campanhas."
      />
      <CustomersScreen ticketHref={inboxTicketPath} />
    </>
  );
}
