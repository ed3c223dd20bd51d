/**
 * /audit ("Auditoria", a screen of route `users`): the company's audit log — who changed users,
 * roles, instances, webhooks, tokens, the bot, campaigns and quick replies, and who downloaded
 * sheets, when and from where —, filtered and exported as a sheet. Append-only: nothing here
 * alters it.
 */
import { PageHeader } from '../../components/PageHeader';
import { AuditScreen } from '../../features/audit/components/AuditScreen';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <>
      <PageHeader
        title={routeLabel('audit')}
        description="Quem fez o quê, quando e de onde: alterações de usuários, perfis, instâncias, webhooks, tokens, chatbot, campanhas e respostas rápidas, e os downloads de planilhas. O registro não pode ser alterado nem apagado."
      />
      <AuditScreen />
    </>
  );
}
