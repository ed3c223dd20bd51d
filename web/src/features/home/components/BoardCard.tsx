/**
 * One card of the home board: an icon, a title that links to the screen where it is handled (the
 * whole card is the link's target area, HomeBoard.module.css), the main figure, and details.
 */
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import classes from './HomeBoard.module.css';

/** `attention`: someone should act; `urgent`: at or past a limit; `ok`: nothing to do. */
export type Tone = 'ok' | 'attention' | 'urgent' | 'neutral';

const ICON_COLORS: Record<Tone, string> = { ok: 'teal', attention: 'orange', urgent: 'red', neutral: 'blue' };

export interface BoardCardProps {
  title: string;
  icon: Icon;
  /** Where the card leads; null when the person may not open that screen. */
  to: string | null;
  tone: Tone;
  /** The main figure, e.g. "2" or "4 de 25". */
  figure: ReactNode;
  /** What the figure counts, beside it. */
  caption?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

export function BoardCard({ title, icon: CardIcon, to, tone, figure, caption, children, testId }: BoardCardProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={classes.card}
      data-tone={tone}
      data-linked={to !== null}
      data-testid={testId}
      component="article"
    >
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" justify="space-between" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" color={ICON_COLORS[tone]} size="lg" radius="md" aria-hidden>
              <CardIcon size={20} />
            </ThemeIcon>
            <Title order={2} fz="md" fw={600}>
              {to ? (
                <Link to={to} className={classes.link}>
                  {title}
                </Link>
              ) : (
                title
              )}
            </Title>
          </Group>
          {to ? <IconChevronRight size={18} aria-hidden color="var(--mantine-color-dimmed)" /> : null}
        </Group>
        <Group gap="xs" align="baseline" wrap="wrap">
          <Text component="span" className={classes.figure}>
            {figure}
          </Text>
          {caption ? (
            <Text component="span" size="sm" c="dimmed">
              {caption}
            </Text>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
