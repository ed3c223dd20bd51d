/**
 * /search (route `search`, open to every user): the message search — the messages of the
 * conversations the user may see, grouped by conversation; a match opens the inbox at it.
 */
import { PageHeader } from '../../components/PageHeader';
import { MessageSearchScreen } from '../../features/search/components/MessageSearchScreen';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <>
      <PageHeader
        title={routeLabel('search')}
        description="Encontre uma mensagem em todas as conversas que você pode ver, abertas ou encerradas, e abra a conversa nela."
      />
      <MessageSearchScreen />
    </>
  );
}
