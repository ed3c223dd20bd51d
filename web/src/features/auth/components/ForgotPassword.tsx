/**
 * "Esqueci minha senha" on the login screen: there is no reset by e-mail; the company's
 * administrator sets a temporary password in Usuários, and the person chooses a new one at the
 * next login (docs/account.md#temporary-password-administrator). A disclosure button: the
 * explanation opens under it.
 */
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import classes from './ForgotPassword.module.css';

export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Stack gap="xs">
      <Anchor
        component="button"
        type="button"
        size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={classes.toggle}
      >
        Esqueci minha senha
      </Anchor>
      {/* Always in the page (aria-controls names it), hidden while closed. */}
      <Paper
        id={panelId}
        hidden={!open}
        withBorder
        radius="md"
        p="sm"
        bg="var(--mantine-color-default-hover)"
        display={open ? undefined : 'none'}
      >
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Como voltar a entrar
          </Text>
          <Text size="sm">
            Peça a quem administra o back-office da sua empresa: na tela Usuários, essa pessoa define uma senha
            temporária para você. Ao entrar com ela, você escolhe uma senha nova.
          </Text>
          <Text size="sm">Se a conta estiver bloqueada, a mesma pessoa pode desbloqueá-la.</Text>
          <Text size="sm" c="dimmed">
            Não enviamos e-mail de recuperação de senha.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
