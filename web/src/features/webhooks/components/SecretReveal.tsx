/**
 * A webhook secret shown the one time the server gives it (at creation, or after "Trocar segredo"):
 * a clear warning that it will not be shown again, the secret in a read-only field (selected on
 * focus) and a copy button that says when it copied.
 */
import { Alert, Button, CopyButton, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './webhooks.module.css';

export interface SecretRevealProps {
  secret: string;
  /** More to say under the warning (e.g. until when the old secret still works). */
  children?: ReactNode;
}

export function SecretReveal({ secret, children }: SecretRevealProps) {
  return (
    <Stack gap="sm" data-testid="secret-reveal">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Guarde este segredo agora">
        <Text size="sm">
          Ele não será mostrado de novo. Use-o no seu sistema para conferir a assinatura (<code>webhook-signature</code>
          ) de cada entrega. Se perder, troque o segredo.
        </Text>
      </Alert>
      {children}
      <TextInput
        label="Segredo de assinatura"
        value={secret}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="webhook-secret"
      />
      <CopyButton value={secret} timeout={2500}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'light' : 'filled'}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={copy}
            className={classes.copySecret}
          >
            {copied ? 'Segredo copiado' : 'Copiar segredo'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}
