/**
 * /tags (route `tags`, administrators by default; docs/tags.md): the tenant's tags — create, edit,
 * delete — and which of them are the kanban board's columns, in order.
 */
import { PageHeader } from '../../components/PageHeader';
import { TagsScreen } from '../../features/tags/components/TagsScreen';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <>
      <PageHeader
        title={routeLabel('tags')}
        description="Etiquetas marcam atendimentos e clientes; quem atende as põe e tira na conversa. As escolhidas como colunas organizam o quadro Kanban."
      />
      <TagsScreen />
    </>
  );
}
