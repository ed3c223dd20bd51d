/**
 * /user-settings (open to all; docs/account.md): who the person is and their own name and photo
 * ("Seus dados"), changing their password ("Alterar senha"), and two-factor with the recovery
 * codes. `#senha` puts the password card in view with its first field focused.
 */
import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { ChangePasswordForm } from '../../features/account/components/ChangePasswordForm';
import { ProfileCard } from '../../features/account/components/ProfileCard';
import { useUserInfo } from '../../features/auth/hooks/use-user-info';
import { recoveryCodesLeftOf } from '../../features/two-factor/code';
import { TwoFactorPanel } from '../../features/two-factor/components/TwoFactorPanel';
import { CURRENT_USER_QUERY_KEY } from '../../lib/query-keys';
import { useRouteLabels } from '../../lib/route-labels';
import { useSession } from '../../lib/session';

/** The anchor of the password card: `/user-settings#senha`. */
export const PASSWORD_SECTION_ID = 'senha';

function PasswordCard() {
  const queryClient = useQueryClient();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash !== `#${PASSWORD_SECTION_ID}`) return;
    section.current?.scrollIntoView({ block: 'start' });
    section.current?.querySelector('input')?.focus();
  }, [hash]);

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      ref={section}
      id={PASSWORD_SECTION_ID}
      aria-labelledby="senha-titulo"
    >
      <Title order={2} fz="h4" mb={4} id="senha-titulo">
        Alterar senha
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Ao trocar a senha, as suas sessões em outros aparelhos são encerradas; esta continua aberta.
      </Text>
      <Stack maw={440}>
        <ChangePasswordForm onChanged={() => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })} />
      </Stack>
    </Card>
  );
}

export function Component() {
  const { routeLabel } = useRouteLabels();
  const { userInfo: stored } = useSession();
  const userInfo = useUserInfo();
  const user = userInfo.data?.user;

  return (
    <>
      <PageHeader title={routeLabel('user-settings')} description="Seus dados de acesso e a segurança da sua conta." />
      <Stack gap="lg" maw={880}>
        {userInfo.isError ? (
          <LoadError
            title="Não foi possível carregar os seus dados."
            error={userInfo.error}
            onRetry={() => void userInfo.refetch()}
            retrying={userInfo.isFetching}
          />
        ) : user ? (
          <ProfileCard
            user={{
              name: user.name,
              email: user.email,
              username: user.username,
              image: user.image,
              roleName: user.role?.display_name ?? user.role?.name ?? null,
            }}
          />
        ) : (
          <Card withBorder radius="md" padding="lg">
            <Title order={2} fz="h4" mb="md">
              Seus dados
            </Title>
            <Stack gap="sm" aria-busy="true" aria-label="Carregando">
              <Skeleton height={14} width="60%" />
              <Skeleton height={14} width="40%" />
            </Stack>
          </Card>
        )}
        <PasswordCard />
        {userInfo.isError ? null : (
          <TwoFactorPanel
            userId={user?.id ?? stored?.uid}
            enabled={user ? (user.twoFactorEnabled ?? false) : undefined}
            recoveryCodesLeft={recoveryCodesLeftOf(user)}
            titleOrder={2}
          />
        )}
      </Stack>
    </>
  );
}
