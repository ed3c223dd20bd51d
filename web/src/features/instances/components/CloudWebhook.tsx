/**
 * Where Meta delivers a cloud instance's messages: the callback URL to paste in Meta's webhook
 * configuration, with a copy button and what to do with it. Shown from the list ("Webhook da
 * Meta") and in the edit form. The verify token is not shown: the server never sends it back.
 */
import { Button, CopyButton, Popover, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconWebhook } from '@tabler/icons-react';
import classes from './instances.module.css';

const WEBHOOK_INSTRUCTIONS =
  'Em Meta for Developers → WhatsApp → Configuração, cole esta URL de retorno e o token de verificação, e assine o campo messages.';

export function CloudWebhookDetails({ url }: { url: string }) {
  return (
    <Stack gap="xs">
      <TextInput
        label="URL de retorno (webhook)"
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="cloud-webhook-url"
      />
      <CopyButton value={url} timeout={2500}>
        {({ copied, copy }) => (
          <Button
            size="xs"
            variant={copied ? 'light' : 'default'}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            onClick={copy}
            className={classes.copyUrl}
          >
            {copied ? 'URL copiada' : 'Copiar URL'}
          </Button>
        )}
      </CopyButton>
      <Text size="xs" c="dimmed">
        {WEBHOOK_INSTRUCTIONS}
      </Text>
    </Stack>
  );
}

/** The list's button: the webhook details in a popover (click, Enter or tap; not hover). */
export function CloudWebhookButton({ url }: { url: string }) {
  return (
    <Popover width={340} position="bottom-start" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="light" leftSection={<IconWebhook size={14} aria-hidden />}>
          Webhook da Meta
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <CloudWebhookDetails url={url} />
      </Popover.Dropdown>
    </Popover>
  );
}
