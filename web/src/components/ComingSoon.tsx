/**
 * "Em breve": the honest state of a screen that is routed but not built yet. It says so instead
 * of showing fake data; each one is replaced by the real screen when it lands.
 */
import { Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface ComingSoonProps {
  /** Name of the screen that is not available yet. */
  screen?: string;
  actions?: ReactNode;
}

export function ComingSoon({ screen, actions }: ComingSoonProps) {
  return (
    <Container size="sm" py={60}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconHourglassHigh size={40} stroke={1.5} />
        </ThemeIcon>
        <Title order={1}>Em breve</Title>
        <Text size="lg">
          {screen ? `A tela “${screen}” ainda não está disponível.` : 'Esta página ainda não está disponível.'}
        </Text>
        <Text c="dimmed">Estamos trabalhando nela. Volte em breve.</Text>
        {actions ? <Group mt="md">{actions}</Group> : null}
      </Stack>
    </Container>
  );
}
