/**
 * / (home): the inbox for staff — users who serve an instance, and those the server says see every
 * ticket (`sees_all_tickets`: administrators and supervisors; features/inbox/viewer.ts) — and, for
 * everybody else (back-office operators, users linked to no instance), a welcome with the user's
 * name and links to every screen they may open.
 */
import { Anchor, Card, Center, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { HOME_ROUTE } from '../../config/paths';
import { useUserInfo } from '../../features/auth/hooks/use-user-info';
import { Inbox } from '../../features/inbox/components/Inbox';
import { servesInbox, type InboxViewer } from '../../features/inbox/viewer';
import { enabledFeatures } from '../../lib/features';
import { useRouteLabels } from '../../lib/route-labels';
import { useSession, type Session } from '../../lib/session';
import { navigationFor } from '../navigation';

/** How many instances a user serves, as the user info lists them (`userInstances: [{id, instance}]`). */
function servedInstanceCount(user: Record<string, unknown>): number {
  const links = Array.isArray(user.userInstances) ? (user.userInstances as unknown[]) : [];
  return links.filter((link) => {
    const instance = (link as { instance?: { id?: unknown } } | null)?.instance;
    return typeof instance?.id === 'number';
  }).length;
}

function departmentOf(user: Record<string, unknown>): number | null {
  const id = (user.userDepartment as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' ? id : null;
}

/** The inbox viewer of the logged-in user, or null when `/` is not the inbox for them. */
function inboxViewer(
  user: Record<string, unknown> & { id: number | string; name: string },
  seesAllTickets: boolean,
  session: Session,
): InboxViewer | null {
  const instanceCount = servedInstanceCount(user);
  if (!servesInbox({ seesAllTickets, instanceCount, originBackoffice: session.originBackoffice })) return null;
  return { id: Number(user.id), name: user.name, manager: seesAllTickets, departmentId: departmentOf(user) };
}

function Welcome({ session, features }: { session: Session; features: unknown }) {
  const { routeLabel, categoryLabel } = useRouteLabels();
  const groups = useMemo(
    () =>
      navigationFor(session, enabledFeatures(features))
        .map((group) => ({ ...group, items: group.items.filter((item) => item.route.name !== HOME_ROUTE) }))
        .filter((group) => group.items.length > 0),
    [session, features],
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

export function Component() {
  const session = useSession();
  const info = useUserInfo();
  const user = info.data?.user;
  const seesAllTickets = info.data?.sees_all_tickets === true;
  const viewer = useMemo(
    () => (user ? inboxViewer(user, seesAllTickets, session) : null),
    [user, seesAllTickets, session],
  );
  if (info.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Carregando" />
      </Center>
    );
  }
  const features = enabledFeatures(info.data?.features);
  // Without the user info (it failed to load), the welcome: it needs only the stored session.
  return viewer ? (
    <Inbox viewer={viewer} chatbot={features === null ? null : features.has('chatbot')} />
  ) : (
    <Welcome session={session} features={info.data?.features} />
  );
}
