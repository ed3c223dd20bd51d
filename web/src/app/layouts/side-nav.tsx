/** The vertical navigation: categories with their routes. Collapsed, it shows icons with tooltips. */
import { NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { NavLink as RouterLink, useLocation } from 'react-router-dom';
import { useRouteLabels } from '../../lib/route-labels';
import type { NavGroup } from '../navigation';

export interface SideNavProps {
  groups: NavGroup[];
  collapsed: boolean;
}

export function SideNav({ groups, collapsed }: SideNavProps) {
  const { pathname } = useLocation();
  const { routeLabel, categoryLabel } = useRouteLabels();
  return (
    <ScrollArea type="scroll" px={collapsed ? 'xs' : 'sm'} py="md">
      <Stack gap="md" component="nav" aria-label="Navegação principal">
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
                  key={route.name}
                  component={RouterLink}
                  to={route.path}
                  end
                  active={pathname === route.path}
                  label={collapsed ? null : label}
                  aria-label={collapsed ? label : undefined}
                  leftSection={<Icon size={20} stroke={1.6} />}
                  styles={
                    collapsed ? { root: { justifyContent: 'center' }, section: { marginInlineEnd: 0 } } : undefined
                  }
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
              return collapsed ? (
                <Tooltip key={route.name} label={label} position="right" withArrow>
                  {link}
                </Tooltip>
              ) : (
                link
              );
            })}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}
