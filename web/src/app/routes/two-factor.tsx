/**
 * /two-factor (open to all): the user's two-factor status, turning it on and off. A user sent here
 * because their role requires two-factor (login answer or a 403 `two_factor_enrollment_required`)
 * sees why first.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { HOME_ROUTE, routePath, TWO_FACTOR_ROUTE, type TwoFactorRouteState } from '../../config/paths';
import { useUserInfo } from '../../features/auth/hooks/use-user-info';
import { recoveryCodesLeftOf } from '../../features/two-factor/code';
import { TwoFactorPanel } from '../../features/two-factor/components/TwoFactorPanel';
import { useRouteLabels } from '../../lib/route-labels';
import { useSession } from '../../lib/session';

function isEnrollmentRequired(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as Partial<TwoFactorRouteState>).enrollmentRequired === true
  );
}

export function Component() {
  const { routeLabel } = useRouteLabels();
  const enrollmentRequired = isEnrollmentRequired(useLocation().state);
  const { userInfo: stored } = useSession();
  const userInfo = useUserInfo();
  const user = userInfo.data?.user;
  const enabled = user ? (user.twoFactorEnabled ?? false) : undefined;

  return (
    <>
      <PageHeader
        title={routeLabel(TWO_FACTOR_ROUTE)}
        description="Uma camada extra de segurança: além da senha, o login pede um código do seu celular."
      />
      <Stack gap="lg" maw={880}>
        {enrollmentRequired && enabled === false ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={20} />}
            title="Seu perfil exige a autenticação em dois fatores"
            role="alert"
          >
            <Text size="sm">
              Para continuar usando o back-office, ative-a abaixo: leia o QR code com um aplicativo autenticador e
              digite o código de 6 dígitos. Até lá, as telas protegidas ficam bloqueadas para você.
            </Text>
          </Alert>
        ) : null}
        {enrollmentRequired && enabled === true ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} title="Tudo pronto">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">A autenticação em dois fatores está ativa. Você já pode usar o back-office.</Text>
              <Button component={Link} to={routePath(HOME_ROUTE)} size="xs" color="teal">
                Ir para o início
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {userInfo.isError ? (
          <LoadError
            title="Não foi possível carregar os seus dados."
            error={userInfo.error}
            onRetry={() => void userInfo.refetch()}
            retrying={userInfo.isFetching}
          />
        ) : (
          <TwoFactorPanel
            userId={user?.id ?? stored?.uid}
            enabled={enabled}
            recoveryCodesLeft={recoveryCodesLeftOf(user)}
            title="Situação"
            titleOrder={2}
          />
        )}
      </Stack>
    </>
  );
}
