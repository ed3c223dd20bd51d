/**
 * /scheduled-messages (route `scheduled-messages`, open to every user): the messages scheduled
 * here ("Novo agendamento") or from conversations ("Agendar mensagem" in the customer panel) —
 * pending, sent, cancelled, failed.
 * Whether the user sees everyone's (with the author) is the user info's `sees_all_tickets`
 * (administrators and supervisors), handed to the screen here.
 */
import { PageHeader } from '../../components/PageHeader';
import { useUserInfo } from '../../features/auth/hooks/use-user-info';
import { ScheduledMessagesScreen } from '../../features/scheduled-messages/components/ScheduledMessagesScreen';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  const info = useUserInfo();
  return (
    <>
      <PageHeader
        title={routeLabel('scheduled-messages')}
        description="Mensagens marcadas para sair num dia e hora, no horário de Brasília. Para agendar, use “Novo agendamento” ou, numa conversa, “Agendar mensagem” nos dados do cliente."
      />
      <ScheduledMessagesScreen manager={info.data?.sees_all_tickets === true} />
    </>
  );
}
