/** Full-page error states: not found (404), server error (500) and not authorised. */
import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type ErrorKind = 'not-found' | 'server-error' | 'not-authorized';

const CONTENT: Record<ErrorKind, { code: string; title: string; description: string }> = {
  'not-found': {
    code: '404',
    title: 'Página não encontrada',
    description: 'A página que você procura não existe ou foi movida.',
  },
  'server-error': {
    code: '500',
    title: 'Algo deu errado',
    description: 'Ocorreu um erro inesperado. Tente novamente em alguns instantes.',
  },
  'not-authorized': {
    code: '403',
    title: 'Acesso não autorizado',
    description: 'Você não tem permissão para acessar esta página. Fale com um administrador se precisar de acesso.',
  },
};

export interface ErrorPageProps {
  kind: ErrorKind;
  /** Ways out, e.g. a button back to the home page. */
  actions?: ReactNode;
}

export function ErrorPage({ kind, actions }: ErrorPageProps) {
  const content = CONTENT[kind];
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={96} fw={900} lh={1} c="dimmed" aria-hidden>
          {content.code}
        </Text>
        <Title order={1}>{content.title}</Title>
        <Text c="dimmed" size="lg">
          {content.description}
        </Text>
        {actions ? <Group mt="md">{actions}</Group> : null}
      </Stack>
    </Container>
  );
}
