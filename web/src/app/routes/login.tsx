/** /login (plain layout). */
import { Badge, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { tenantFromHost } from '../../config/env';
import { LoginForm } from '../../features/auth/components/LoginForm';

export function Component() {
  const tenant = tenantFromHost(window.location.hostname);
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" p="xl" radius="md" w="100%" maw={420}>
        <Stack gap={6} mb="lg">
          <Group justify="space-between" align="center">
            <Title order={1} size="h2">
              Boas-vindas!
            </Title>
            {tenant ? (
              <Badge variant="light" tt="none" title="Empresa (tenant) deste endereço">
                {tenant}
              </Badge>
            ) : null}
          </Group>
          <Text c="dimmed" size="sm">
            Entre com sua conta para acessar o back-office.
          </Text>
        </Stack>
        <LoginForm />
      </Paper>
    </Center>
  );
}
