/** The horizontal navigation (layout "horizontal"): one header menu per category. */
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { useNavigationLang } from '../../lib/i18n';
import { useNavigationLabels } from '../../lib/route-labels';
import type { NavGroup } from '../navigation';

export function HorizontalNav({ groups }: { groups: NavGroup[] }) {
  const { pathname } = useLocation();
  const { routeLabel, categoryLabel } = useNavigationLabels();
  const lang = useNavigationLang();
  return (
    <Group gap={4} component="nav" aria-label="Navegação principal" wrap="nowrap" lang={lang}>
      {groups.map((group) => {
        const active = group.items.some((item) => item.route.path === pathname);
        return (
          <Menu key={group.category.id} trigger="click-hover" position="bottom-start" openDelay={50} closeDelay={150}>
            <Menu.Target>
              <Button
                variant={active ? 'light' : 'subtle'}
                color={active ? undefined : 'gray'}
                rightSection={<IconChevronDown size={14} />}
                c={active ? undefined : 'var(--mantine-color-text)'}
              >
                {categoryLabel(group.category)}
              </Button>
            </Menu.Target>
            <Menu.Dropdown lang={lang}>
              {group.items.map(({ route, icon: Icon }) => (
                <Menu.Item
                  key={route.name}
                  component={Link}
                  to={route.path}
                  leftSection={<Icon size={16} />}
                  fw={route.path === pathname ? 600 : undefined}
                >
                  {routeLabel(route.name)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}
