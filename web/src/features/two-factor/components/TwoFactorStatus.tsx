/**
 * The two-factor card at rest: its badge (`TwoFactorStatusBadge`), and what it says and offers
 * when two-factor is on (the recovery codes left, new codes, turning off: `TwoFactorOnStatus`) or
 * off (turning on, or why the plan does not allow it: `TwoFactorOffStatus`).
 */
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconKey, IconRefresh, IconShieldLock, IconShieldOff } from '@tabler/icons-react';
import { recoveryCodesLeftText } from '../code';

export function TwoFactorStatusBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <Badge color="teal" variant="light" size="lg" flex="none">
      Ativada
    </Badge>
  ) : (
    <Badge color="gray" variant="light" size="lg" flex="none">
      Desativada
    </Badge>
  );
}

export interface TwoFactorOnStatusProps {
  /** `recoveryCodesLeft` of the user info; undefined when it does not say. */
  recoveryCodesLeft: number | undefined;
  onRegenerate: () => void;
  onDisable: () => void;
}

export function TwoFactorOnStatus({ recoveryCodesLeft, onRegenerate, onDisable }: TwoFactorOnStatusProps) {
  return (
    <Stack gap="md" align="flex-start">
      <Text size="sm">
        Sua conta está protegida: ao entrar, além da senha, pediremos o código de 6 dígitos do seu aplicativo
        autenticador. Sem o celular, use um código de recuperação.
      </Text>
      {recoveryCodesLeft === undefined ? null : (
        <Group gap="xs" wrap="nowrap">
          <IconKey size={18} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm" fw={500} c={recoveryCodesLeft <= 2 ? 'var(--mantine-color-red-text)' : undefined}>
            {recoveryCodesLeftText(recoveryCodesLeft)}
          </Text>
        </Group>
      )}
      <Group gap="sm">
        <Button variant="light" leftSection={<IconRefresh size={18} />} onClick={onRegenerate}>
          Gerar novos códigos
        </Button>
        <Button variant="light" color="red" leftSection={<IconShieldOff size={18} />} onClick={onDisable}>
          Desativar
        </Button>
      </Group>
    </Stack>
  );
}

export interface TwoFactorOffStatusProps {
  /** The server's message when the tenant's plan does not include two-factor; null: it may be turned on. */
  unavailable: string | null;
  onStart: () => void;
  starting: boolean;
}

export function TwoFactorOffStatus({ unavailable, onStart, starting }: TwoFactorOffStatusProps) {
  return (
    <Stack gap="md" align="flex-start">
      <Text size="sm">
        Proteja sua conta: além da senha, o login pedirá um código de 6 dígitos gerado por um aplicativo autenticador no
        seu celular.
      </Text>
      {unavailable ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {unavailable}
        </Alert>
      ) : (
        <Button leftSection={<IconShieldLock size={18} />} onClick={onStart} loading={starting}>
          Ativar
        </Button>
      )}
    </Stack>
  );
}
