/** /user-settings (open to all): who the user is, and the two-factor part of their settings. */
import { Avatar, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { useUserInfo } from '../../features/auth/hooks/use-user-info';
import { TwoFactorPanel } from '../../features/two-factor/components/TwoFactorPanel';
import { allowedImageUrl } from '../../lib/images';
import { useRouteLabels } from '../../lib/route-labels';
import { useSession } from '../../lib/session';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function Component() {
  const { routeLabel } = useRouteLabels();
  const { userInfo: stored } = useSession();
  const userInfo = useUserInfo();
  const user = userInfo.data?.user;
  const name = user?.name ?? stored?.displayName ?? '';

  return (
    <>
      <PageHeader title={routeLabel('user-settings')} description="Seus dados de acesso e a segurança da sua conta." />
      <Stack gap="lg" maw={880}>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} fz="h4" mb="md">
            Seus dados
          </Title>
          {userInfo.isError ? (
            <LoadError
              title="Não foi possível carregar os seus dados."
              error={userInfo.error}
              onRetry={() => void userInfo.refetch()}
              retrying={userInfo.isFetching}
            />
          ) : (
            <Group align="flex-start" gap="lg" wrap="nowrap">
              <Avatar
                src={allowedImageUrl(user?.image ?? stored?.photoURL)}
                name={name}
                color="initials"
                size={64}
                radius="xl"
              />
              {user ? (
                <SimpleGrid
                  cols={{ base: 1, sm: 2 }}
                  spacing="md"
                  verticalSpacing="sm"
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <Field label="Nome">{user.name}</Field>
                  <Field label="Email">{user.email}</Field>
                  <Field label="Usuário">{user.username ?? '—'}</Field>
                  <Field label="Perfil">{user.role?.display_name ?? user.role?.name ?? '—'}</Field>
                </SimpleGrid>
              ) : (
                <Stack gap="sm" style={{ flex: 1 }} aria-busy="true" aria-label="Carregando">
                  <Skeleton height={14} width="60%" />
                  <Skeleton height={14} width="40%" />
                </Stack>
              )}
            </Group>
          )}
        </Card>
        {userInfo.isError ? null : (
          <TwoFactorPanel
            userId={user?.id ?? stored?.uid}
            enabled={user ? (user.twoFactorEnabled ?? false) : undefined}
          />
        )}
      </Stack>
    </>
  );
}
