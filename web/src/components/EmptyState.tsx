/** The empty state of a list or screen: an icon, what is missing and, optionally, what to do. */
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon: Icon;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

export function EmptyState({ icon: IconComponent, title, description, actions }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" ta="center" gap="xs">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconComponent size={30} stroke={1.5} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {actions}
      </Stack>
    </Paper>
  );
}
