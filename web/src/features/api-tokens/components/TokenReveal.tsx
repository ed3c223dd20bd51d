/**
 * A token's secret, the one time the server sends it (the create answer): a warning that it will
 * not be shown again, the secret in a read-only monospace field (selected on focus, wrapped on a
 * phone rather than cut) with a copy button, and a curl example with it, also copiable. The secret
 * lives only in the props: closing the dialog drops it.
 */
import { Alert, Button, Code, CopyButton, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { curlExample } from '../labels';
import classes from './api-tokens.module.css';

export interface TokenRevealProps {
  name: string;
  secret: string;
}

function CopyAction({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  return (
    <CopyButton value={value} timeout={2500}>
      {({ copied, copy }) => (
        <Button
          size="sm"
          variant="light"
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          onClick={copy}
          className={classes.copy}
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}

export function TokenReveal({ name, secret }: TokenRevealProps) {
  const command = curlExample(secret);
  return (
    <Stack gap="md" data-testid="token-reveal">
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Copie agora: por segurança ele não será mostrado de novo."
      >
        <Text size="sm">
          {`Guarde-o no cofre de senhas ou na configuração da integração “${name}”. Se perder, revogue este token e crie outro.`}
        </Text>
      </Alert>
      <Stack gap="xs">
        <Textarea
          label="Token"
          value={secret}
          readOnly
          autosize
          minRows={1}
          autoComplete="off"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          classNames={{ input: classes.secret }}
          data-testid="api-token-secret"
        />
        <CopyAction value={secret} label="Copiar token" copiedLabel="Token copiado" />
      </Stack>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Exemplo de chamada
        </Text>
        <Code block className={classes.command}>
          {command}
        </Code>
        <CopyAction value={command} label="Copiar exemplo" copiedLabel="Exemplo copiado" />
      </Stack>
    </Stack>
  );
}
