/**
 * / (home): the inbox for staff — users who serve an instance, and those the server says see every
 * ticket (`sees_all_tickets`: administrators and supervisors; features/inbox/viewer.ts) — and, for
 * everybody else (back-office operators, users linked to no instance), the status board of
 * docs/account.md#home-board: what needs attention, with each card leading to the screen where it
 * is handled. Staff open the board with `/?painel` (its "Atendimentos" card leads back to the inbox).
 * The inbox's customer panel gets the app's sections (customer-sections.tsx: the orders).
 */
import { Center, Loader } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { HOME_ROUTE, routePath } from '../../config/paths';
import { useUserInfo } from '../../features/auth/hooks/use-user-info';
import { HomeBoard, type BoardLinks } from '../../features/home/components/HomeBoard';
import { Inbox } from '../../features/inbox/components/Inbox';
import { servesInbox, type InboxViewer } from '../../features/inbox/viewer';
import { enabledFeatures } from '../../lib/features';
import { useSession, type Session } from '../../lib/session';
import { CustomerSections } from '../customer-sections';
import { servedInstanceCount, viewerOf } from '../inbox-viewer';
import { navigationFor } from '../navigation';

/** `/?painel`: the board, also for staff (whose `/` is the inbox). */
export const BOARD_PARAM = 'painel';

/** The inbox viewer of the logged-in user, or null when `/` is not the inbox for them. */
function inboxViewer(
  user: Record<string, unknown> & { id: number | string; name: string },
  seesAllTickets: boolean,
  session: Session,
  opensTicket: boolean,
): InboxViewer | null {
  const instanceCount = servedInstanceCount(user);
  const facts = { seesAllTickets, instanceCount, originBackoffice: session.originBackoffice, opensTicket };
  if (!servesInbox(facts)) return null;
  return viewerOf(user, seesAllTickets);
}

/** Where the board's cards lead: the screens this person may open (menu rules and feature options). */
function boardLinks(session: Session, features: unknown, inbox: boolean): BoardLinks {
  const open = new Set(
    navigationFor(session, enabledFeatures(features)).flatMap((group) => group.items.map((item) => item.route.name)),
  );
  const link = (name: string) => (open.has(name) ? routePath(name) : null);
  return {
    instances: link('instances'),
    users: link('users'),
    report: link('dashboard-report'),
    inbox: inbox ? routePath(HOME_ROUTE) : null,
    tenants: link('tenants'),
  };
}

function Board({ session, features, inbox }: { session: Session; features: unknown; inbox: boolean }) {
  const links = useMemo(() => boardLinks(session, features, inbox), [session, features, inbox]);
  const name = session.userInfo?.displayName ?? '';
  return (
    <>
      <PageHeader title={name ? `Olá, ${name}!` : 'Olá!'} description="O que pede a sua atenção agora." />
      <HomeBoard links={links} />
    </>
  );
}

export function Component() {
  const session = useSession();
  const info = useUserInfo();
  const [params] = useSearchParams();
  const user = info.data?.user;
  const seesAllTickets = info.data?.sees_all_tickets === true;
  const opensTicket = params.has('ticket');
  const viewer = useMemo(
    () => (user ? inboxViewer(user, seesAllTickets, session, opensTicket) : null),
    [user, seesAllTickets, session, opensTicket],
  );
  if (info.isPending) {
    return (
      <Center mih="50vh">
        <Loader aria-label="Carregando" />
      </Center>
    );
  }
  const features = enabledFeatures(info.data?.features);
  // Without the user info (it failed to load), the board: it needs only the stored session.
  if (viewer && !params.has(BOARD_PARAM)) {
    return (
      <Inbox
        viewer={viewer}
        chatbot={features === null ? null : features.has('chatbot')}
        customerSections={CustomerSections}
      />
    );
  }
  return <Board session={session} features={info.data?.features} inbox={viewer !== null} />;
}
