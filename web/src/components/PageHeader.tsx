/** The title block at the top of every screen. */
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown on the right (wrap below the title on small screens). */
  actions?: ReactNode;
  /** The heading level (default 2; the screens built with the dashboards use 1, sized as h2). */
  order?: 1 | 2;
}

export function PageHeader({ title, description, actions, order = 2 }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="lg" wrap="wrap">
      <Stack gap={4}>
        <Title order={order} size="h2">
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
