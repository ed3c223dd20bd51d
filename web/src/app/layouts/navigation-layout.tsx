/**
 * Navigation layout (docs/contracts.md#screens-and-routes): AppShell with the vertical navbar
 * (default; collapsed to icons by default) or the horizontal header menu, header controls, and the
 * current screen. On small screens (below sm = 576px) the navigation opens from the burger in both
 * layouts.
 */
import {
  ActionIcon,
  Anchor,
  AppShell,
  Burger,
  Group,
  Text,
  Tooltip,
  useMantineTheme,
  type MantineTheme,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconMessageChatbot } from '@tabler/icons-react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type CSSProperties, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { TopProgressBar } from '../../components/GlobalLoading';
import { HOME_ROUTE, routePath, TWO_FACTOR_ROUTE, type TwoFactorRouteState } from '../../config/paths';
import { useOwnPermissions } from '../../features/auth/api/get-own-permissions';
import { useLoginGreeting } from '../../features/auth/hooks/use-login-greeting';
import { useUserInfo } from '../../features/auth/hooks/use-user-info';
import { refreshInbox } from '../../features/inbox/realtime';
import { inboxTicketPath } from '../../features/inbox/url';
import type { Mention } from '../../features/mentions/api/schemas';
import { MentionsButton } from '../../features/mentions/components/MentionsButton';
import { PresenceMenu } from '../../features/presence/components/PresenceMenu';
import { enabledFeatures } from '../../lib/features';
import { useNavigationLang } from '../../lib/i18n';
import { setPreference, usePreferences } from '../../lib/preferences';
// zod's pt_BR messages for the forms of every screen of this layout (not needed on /login).
import '../../lib/validation';
import { useSession } from '../../lib/session';
import { navigationFor } from '../navigation';
import { useRealtime } from '../realtime';
import { createQueryClient, onTwoFactorEnrollmentRequired } from '../query-client';
import { resolvedCssVariables } from '../../theme';
import { HorizontalNav } from './horizontal-nav';
import { useMenuFocusReturn } from './menu-focus';
import classes from './navigation-layout.module.css';
import { PreferencesMenu } from './preferences-menu';
import { SideNav } from './side-nav';
import { UserMenu } from './user-menu';

/** The id of the screen's `<main>`, where the skip link leads. */
export const MAIN_ID = 'conteudo';

const NAVBAR_WIDTH = 260;
const NAVBAR_COLLAPSED_WIDTH = 72;

/**
 * Props that turn one surface dark in the semi-dark theme: the dark-scheme variables (Mantine's with
 * the theme's contrast changes, and the primary-colour aliases, which :root resolves once for the
 * light scheme) set inline, the dark attribute for Mantine's component rules, and the surface
 * colours.
 */
function semiDarkSurface(theme: MantineTheme) {
  const resolved = resolvedCssVariables(theme);
  const primaryAliases = Object.fromEntries(
    Object.entries(resolved.variables).filter(([name]) => name.startsWith('--mantine-primary-color-')),
  );
  return {
    'data-mantine-color-scheme': 'dark',
    className: classes.semiDark,
    style: { ...primaryAliases, ...resolved.dark } as CSSProperties,
  } as const;
}

/**
 * The skip link moves the focus itself: a bare `#conteudo` would go through the router as a
 * navigation, and focus would stay on the link in some browsers.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

export function Component() {
  const navigate = useNavigate();
  // One query cache per mount of the layout: see app/query-client.ts.
  const [queryClient] = useState(createQueryClient);
  // A 403 `two_factor_enrollment_required` from any call sends the user to the two-factor screen,
  // which explains why (docs/auth.md: the role requires it).
  useEffect(
    () =>
      onTwoFactorEnrollmentRequired(queryClient, () => {
        const path = routePath(TWO_FACTOR_ROUTE);
        if (window.location.pathname === path) return;
        const state: TwoFactorRouteState = { enrollmentRequired: true };
        void navigate(path, { state });
      }),
    [queryClient, navigate],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <NavigationShell />
    </QueryClientProvider>
  );
}

/** Where a mention leads: its ticket in the inbox (features/inbox/url.ts addresses tickets, not messages). */
function mentionTicketPath(mention: Mention): string {
  return inboxTicketPath(mention.ticketId);
}

function NavigationShell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigationLang = useNavigationLang();
  const theme = useMantineTheme();
  const session = useSession();
  const preferences = usePreferences();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const desktop = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true);

  // Keep the stored user info, permission routes and permissions fresh
  // (docs/contracts.md#entities-and-storage-keys, docs/contracts.md#api-calls).
  const userInfo = useUserInfo();
  useOwnPermissions();
  // The realtime socket (docs/contracts.md#states-and-transitions), for as long as a logged-in
  // screen is shown.
  const navigate = useNavigate();
  const openTicket = useCallback((path: string) => void navigate(path), [navigate]);
  useRealtime(session.userInfo?.uid, openTicket);
  // A share accepted or declined from "Menções" changes which tickets the inbox shows.
  const refreshTickets = useCallback(() => refreshInbox(queryClient), [queryClient]);
  // A dialog opened from a menu gives the focus back to the menu's button (menu-focus.ts).
  useMenuFocusReturn();
  // "Logado com sucesso!" after a login (features/auth/login-greeting.ts).
  useLoginGreeting();

  // Close the mobile navigation after choosing a screen.
  useEffect(() => closeMobile(), [pathname, closeMobile]);

  const rawFeatures = userInfo.data?.features;
  const groups = useMemo(() => navigationFor(session, enabledFeatures(rawFeatures)), [session, rawFeatures]);
  const vertical = preferences.layoutType === 'vertical';
  const collapsed = vertical && desktop && preferences.sidebarCollapsed;
  const semiDark = useMemo(
    () => (preferences.theme === 'semi-dark' ? semiDarkSurface(theme) : null),
    [preferences.theme, theme],
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: collapsed ? NAVBAR_COLLAPSED_WIDTH : NAVBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !vertical },
      }}
      padding="md"
    >
      {/* The first thing the keyboard reaches (WCAG 2.4.1): straight to the screen, past the menus. */}
      <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToMain}>
        Pular para o conteúdo
      </a>
      <TopProgressBar visible={navigation.state === 'loading'} />
      {/* Host of `notifications.show()` for every screen of this layout. */}
      <Notifications position="top-right" classNames={{ root: classes.notifications }} />
      <AppShell.Header {...(semiDark && !vertical ? semiDark : {})}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('header.openMenu')}
              aria-expanded={mobileOpened}
              lang={navigationLang}
            />
            {vertical && desktop ? (
              <Tooltip
                label={preferences.sidebarCollapsed ? t('header.expandSidebar') : t('header.collapseSidebar')}
                lang={navigationLang}
              >
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  lang={navigationLang}
                  onClick={() => setPreference('sidebarCollapsed', !preferences.sidebarCollapsed)}
                  aria-label={preferences.sidebarCollapsed ? t('header.expandSidebar') : t('header.collapseSidebar')}
                >
                  {preferences.sidebarCollapsed ? (
                    <IconLayoutSidebarLeftExpand size={20} />
                  ) : (
                    <IconLayoutSidebarLeftCollapse size={20} />
                  )}
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Anchor
              component={Link}
              to={routePath(HOME_ROUTE)}
              underline="never"
              c="inherit"
              aria-label="Back-office: início"
            >
              <Group gap={6} wrap="nowrap">
                <IconMessageChatbot size={26} color="var(--mantine-primary-color-filled)" />
                <Text fw={700} size="lg" visibleFrom="sm">
                  Back-office
                </Text>
              </Group>
            </Anchor>
            {!vertical && desktop ? <HorizontalNav groups={groups} /> : null}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {/* Mentions of the person in internal notes; operators of the back office serve no tickets. */}
            {session.originBackoffice ? null : (
              <MentionsButton ticketPath={mentionTicketPath} onShareDecided={refreshTickets} />
            )}
            <PreferencesMenu />
            <PresenceMenu isConnected={userInfo.data?.user.isConnected} />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar {...(semiDark ?? {})}>
        <SideNav groups={groups} collapsed={collapsed} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
