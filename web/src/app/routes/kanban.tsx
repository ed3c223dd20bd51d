/**
 * /kanban (route `kanban`, open to every user; docs/tags.md#board): the open tickets the user sees
 * as a board, by tag or by status. The board lives in the inbox's feature (it shows the inbox's
 * Conversation in its side panel); this route hands it the viewer (the user info), whether the
 * tenant has the chatbot (its "Com o bot" column), and — for whoever keeps the tags — the tags
 * screen, where the board's columns are chosen — and the customer panel's sections
 * (customer-sections.tsx: the orders).
 */
import { Center, Loader } from '@mantine/core';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { useUserInfo } from '../../features/auth/hooks/use-user-info';
import { KanbanBoard } from '../../features/inbox/board/KanbanBoard';
import { enabledFeatures } from '../../lib/features';
import { useRouteLabels } from '../../lib/route-labels';
import { useTagsScreenPath } from '../../lib/tags';
import { CustomerSections } from '../customer-sections';
import { viewerOf } from '../inbox-viewer';

export function Component() {
  const { routeLabel } = useRouteLabels();
  const info = useUserInfo();
  const tagsHref = useTagsScreenPath();
  const user = info.data?.user;
  const features = enabledFeatures(info.data?.features);
  return (
    <>
      <PageHeader
        title={routeLabel('kanban')}
        description="Os atendimentos abertos que você vê, em colunas. Clique num cartão para abrir a conversa."
      />
      {user ? (
        <KanbanBoard
          viewer={viewerOf(user, info.data?.sees_all_tickets === true)}
          chatbot={features === null ? null : features.has('chatbot')}
          tagsHref={tagsHref}
          customerSections={CustomerSections}
        />
      ) : info.isError ? (
        <LoadError
          title="Não foi possível carregar os seus dados."
          error={info.error}
          onRetry={() => void info.refetch()}
          retrying={info.isFetching}
        />
      ) : (
        <Center mih="40vh">
          <Loader aria-label="Carregando" />
        </Center>
      )}
    </>
  );
}
