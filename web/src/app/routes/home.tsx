//! / (home): a welcome with the user's name and links to every screen the user may open.
import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { HOME_ROUTE } from '../../config/paths';
import { useSession } from '../../lib/session';
import { useRouteLabels } from '../../lib/route-labels';
import { navigationFor } from '../navigation';

export function Component() {
  const session = useSession();
  const { routeLabel, categoryLabel } = useRouteLabels();
  const groups = useMemo(
    () =>
      navigationFor(session)
        .map((group) => ({ ...group, items: group.items.filter((item) => item.route.name !== HOME_ROUTE) }))
        .filter((group) => group.items.length > 0),
    [session],
  );
  const name = session.userInfo?.displayName ?? '';

  return (
    <>
      <PageHeader
        title={name ? `Olá, ${name}!` : 'Olá!'}
        description="Bem-vindo(a) ao back-office. Escolha por onde começar."
      />
      <Stack gap="xl">
        {groups.map((group) => (
          <Stack key={group.category.id} gap="sm">
            <Title order={4}>{categoryLabel(group.category)}</Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {group.items.map(({ route, icon: Icon }) => (
                <Card key={route.name} withBorder padding="md" radius="md">
                  <Group wrap="nowrap">
                    <ThemeIcon variant="light" size="lg" radius="md">
                      <Icon size={20} />
                    </ThemeIcon>
                    <Anchor component={Link} to={route.path} fw={500}>
                      {routeLabel(route.name)}
                    </Anchor>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
        {groups.length === 0 ? (
          <Text c="dimmed">Nenhuma tela liberada para o seu perfil ainda. Fale com um administrador.</Text>
        ) : null}
      </Stack>
    </>
  );
}
