/** The vertical navigation: categories with their routes. Collapsed, it shows icons with tooltips. */
import { NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { NavLink as RouterLink, useLocation } from 'react-router-dom';
import { useNavigationLang } from '../../lib/i18n';
import { useNavigationLabels } from '../../lib/route-labels';
import type { NavGroup } from '../navigation';
import classes from './side-nav.module.css';

export interface SideNavProps {
  groups: NavGroup[];
  collapsed: boolean;
}

export function SideNav({ groups, collapsed }: SideNavProps) {
  const { pathname } = useLocation();
  const { routeLabel, categoryLabel } = useNavigationLabels();
  const lang = useNavigationLang();
  return (
    <ScrollArea type="scroll" px={collapsed ? 'xs' : 'sm'} py="md">
      <Stack gap="md" component="nav" aria-label="Navegação principal" lang={lang}>
        {groups.map((group) => (
          <Stack key={group.category.id} gap={2}>
            {collapsed ? null : (
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
                {categoryLabel(group.category)}
              </Text>
            )}
            {group.items.map(({ route, icon: Icon }) => {
              const label = routeLabel(route.name);
              const link = (
                <NavLink
                  component={RouterLink}
                  to={route.path}
                  end
                  active={pathname === route.path}
                  label={collapsed ? null : label}
                  aria-label={collapsed ? label : undefined}
                  leftSection={<Icon size={20} stroke={1.6} />}
                  classNames={{ root: classes.navLink, section: classes.navLinkSection }}
                  mod={{ collapsed }}
                />
              );
              // Always inside the tooltip (off when expanded): the link stays the same element when
              // the bar collapses or the screen narrows, so a dialog can give the focus back to it.
              return (
                <Tooltip key={route.name} label={label} position="right" withArrow lang={lang} disabled={!collapsed}>
                  {link}
                </Tooltip>
              );
            })}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
