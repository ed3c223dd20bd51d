/**
 * /quick-replies (route `quick-replies`, open to every user; docs/quick-replies.md): the texts an
 * agent inserts with `/` in a conversation — list, search, create, edit and delete them. Whether
 * the user keeps the company's and the departments' replies is the user info's `sees_all_tickets`
 * (administrators and supervisors), handed to the screen here, as is where the form reads the
 * official numbers a template reply is for (`GET /api/instance` for holders of the route
 * `instances`, else the inbox's numbers).
 */
import { PageHeader } from '../../components/PageHeader';
import { hasPermissionRoute } from '../../lib/access';
import { useUserInfo } from '../../features/auth/hooks/use-user-info';
import { QuickRepliesScreen } from '../../features/quick-replies/components/QuickRepliesScreen';
import { useRouteLabels } from '../../lib/route-labels';
import { useSession } from '../../lib/session';

export function Component() {
  const { routeLabel } = useRouteLabels();
  const info = useUserInfo();
  const session = useSession();
  return (
    <>
      <PageHeader
        title={routeLabel('quick-replies')}
        description="Textos prontos para as perguntas de todo dia, com um arquivo ou um modelo aprovado se quiser. Numa conversa, digite / no campo de mensagem para inserir um, já com o nome do cliente, o protocolo e a saudação."
      />
      <QuickRepliesScreen
        manager={info.data?.sees_all_tickets === true}
        userName={info.data?.user.name ?? session.userInfo?.displayName ?? ''}
        instanceSource={hasPermissionRoute('instances', session.permissionRoutes) ? 'instances' : 'inbox'}
      />
    </>
  );
}
