/**
 * The one dashboard screen of `/dashboard/analytics`, `/dashboard/control-panel` and
 * `/dashboard/maria-panel` (docs/contracts.md#screens-and-routes): a tab per route the user may open
 * (the app decides which), each tab a navigation to its route that keeps the period and filters
 * (the URL's query string).
 */
import '@mantine/charts/styles.css';
import { Tabs } from '@mantine/core';
import { IconChartBar, IconChartDots, IconDeviceDesktopAnalytics } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { useDashboardParams } from '../use-dashboard-params';
import { AnalyticsPanel } from './AnalyticsPanel';
import { ControlPanelView } from './ControlPanelView';
import { MariaPanel, type ChatbotAccess } from './MariaPanel';

export type DashboardRoute = 'dashboard-analytics' | 'dashboard-control-panel' | 'dashboard-maria-panel';

export interface DashboardTab {
  name: DashboardRoute;
  label: string;
  path: string;
}

export interface DashboardScreenProps {
  /** The route opened. */
  current: DashboardRoute;
  /** The routes the user may open, in menu order (the current one included). */
  tabs: readonly DashboardTab[];
  /** Administrators (route `users`) set the control panel's waiting threshold. */
  canEditThreshold: boolean;
  /** The Maria panel links to the chatbot editor: to change the bot, to read it, or not at all. */
  chatbotAccess?: ChatbotAccess;
}

const ICONS = {
  'dashboard-analytics': IconChartDots,
  'dashboard-control-panel': IconDeviceDesktopAnalytics,
  'dashboard-maria-panel': IconChartBar,
} as const;

const DESCRIPTIONS: Record<DashboardRoute, string> = {
  'dashboard-analytics': 'Tickets, mensagens, tempos de resposta e pedidos do período, comparados ao período anterior.',
  'dashboard-control-panel':
    'A fila agora: quem aguarda, há quanto tempo, quem está online e o que cada instância tem.',
  'dashboard-maria-panel': 'O que o chatbot Maria atendeu, resolveu e passou para a equipe.',
};

export function DashboardScreen({ current, tabs, canEditThreshold, chatbotAccess = null }: DashboardScreenProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { search } = location;
  const state: unknown = location.state;
  const params = useDashboardParams();
  // A tab chosen from the keyboard opens another route (a new screen): the focus goes back to it.
  const currentTab = useRef<HTMLButtonElement>(null);
  const focusTab = (state as { focusDashboardTab?: boolean } | null)?.focusDashboardTab === true;
  useEffect(() => {
    if (focusTab) currentTab.current?.focus();
  }, [focusTab]);
  const title = tabs.find((tab) => tab.name === current)?.label ?? 'Dashboards';

  const panel =
    current === 'dashboard-analytics' ? (
      <AnalyticsPanel params={params} />
    ) : current === 'dashboard-control-panel' ? (
      <ControlPanelView canEditThreshold={canEditThreshold} />
    ) : (
      <MariaPanel params={params} chatbotAccess={chatbotAccess} />
    );

  return (
    <>
      <PageHeader order={1} title={title} description={DESCRIPTIONS[current]} />
      {tabs.length > 1 ? (
        <Tabs
          value={current}
          onChange={(value) => {
            const tab = tabs.find((candidate) => candidate.name === value);
            if (tab && tab.name !== current) {
              void navigate({ pathname: tab.path, search }, { state: { focusDashboardTab: true } });
            }
          }}
          keepMounted={false}
          activateTabWithKeyboard={false}
          mb="lg"
        >
          <Tabs.List aria-label="Dashboards">
            {tabs.map((tab) => {
              const Icon = ICONS[tab.name];
              return (
                <Tabs.Tab
                  key={tab.name}
                  value={tab.name}
                  ref={tab.name === current ? currentTab : undefined}
                  leftSection={<Icon size={16} aria-hidden />}
                >
                  {tab.label}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Panel key={tab.name} value={tab.name} pt="lg">
              {tab.name === current ? panel : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        panel
      )}
    </>
  );
}
