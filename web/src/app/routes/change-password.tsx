/**
 * /trocar-senha (plain layout, outside the menu): the forced change of a temporary password
 * (docs/account.md#temporary-password-administrator). The login sends the person here when its
 * answer says `must_change_password`, and any call the server refuses with 403
 * `password_change_required` does too (lib/http.ts); until the new password is saved the server
 * answers nothing else, so the page offers only the change and "Sair". Its loader
 * (change-password-loader.ts) sends logged-out visitors to /login and anyone whose password is not
 * temporary home.
 */
import { Alert, Anchor, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { HOME_ROUTE, routePath } from '../../config/paths';
import { ChangePasswordForm } from '../../features/account/components/ChangePasswordForm';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useSession } from '../../lib/session';
import classes from './change-password.module.css';

const TEMPORARY_PASSWORD_MESSAGE = 'Sua senha é temporária. Escolha uma nova para continuar.';

export function Component() {
  const navigate = useNavigate();
  const logout = useLogout();
  const { userInfo } = useSession();

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={480}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconLock size={28} aria-hidden color="var(--mantine-primary-color-filled)" />
            <Title order={1} fz="h2">
              Troque a sua senha
            </Title>
          </Group>
          <Alert color="yellow" variant="light" role="status">
            <Text size="sm" fw={500}>
              {TEMPORARY_PASSWORD_MESSAGE}
            </Text>
          </Alert>
          {userInfo ? (
            <Text size="sm" c="dimmed" className={classes.email}>
              {`Conta: ${userInfo.email}`}
            </Text>
          ) : null}
          <ChangePasswordForm
            autoFocus
            currentLabel="Senha temporária"
            onChanged={async () => {
              // Shown by the navigation layout's notifications once home opens.
              notifications.show({
                color: 'teal',
                title: 'Senha alterada',
                message: 'As suas outras sessões foram encerradas.',
              });
              await navigate(routePath(HOME_ROUTE), { replace: true });
            }}
          />
          <Group justify="center">
            <Anchor component="button" type="button" size="sm" onClick={() => void logout()}>
              Sair
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
