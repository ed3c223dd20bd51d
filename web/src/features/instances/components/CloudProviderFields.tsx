/**
 * The WhatsApp Cloud API fields of the instance form, each saying where it is found in Meta's
 * dashboards. The three secrets are never shown back: when the instance already has them they
 * start empty, and empty keeps them. The webhook verify token can be generated here (then copied
 * to Meta's webhook configuration, before saving: it is not shown again either).
 */
import { ActionIcon, Button, CopyButton, Group, PasswordInput, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { InstanceFormValues } from '../instance-form';
import { generateVerifyToken } from '../verify-token';
import { CloudWebhookDetails } from './CloudWebhook';

export interface CloudProviderFieldsProps {
  form: UseFormReturnType<InstanceFormValues>;
  /** The instance already has its token and secrets: empty keeps them. */
  hasSecrets: boolean;
  /** Meta's callback URL, once the instance exists. */
  webhookUrl: string | null;
}

const KEEP = ' Deixe em branco para manter o atual.';

export function CloudProviderFields({ form, hasSecrets, webhookUrl }: CloudProviderFieldsProps) {
  const keep = hasSecrets ? KEEP : '';
  const verifyToken = form.getValues().verifyToken;
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        Os dados vêm do painel da Meta (developers.facebook.com e business.facebook.com). O token e as chaves nunca são
        mostrados de novo.
      </Text>
      <TextInput
        label="ID do número de telefone"
        description="Meta for Developers → seu app → WhatsApp → Configuração da API: “Phone number ID”."
        required
        inputMode="numeric"
        autoComplete="off"
        {...form.getInputProps('phoneNumberId')}
      />
      <TextInput
        label="ID da conta do WhatsApp Business (WABA)"
        description="Na mesma página: “WhatsApp Business Account ID”."
        required
        inputMode="numeric"
        autoComplete="off"
        {...form.getInputProps('wabaId')}
      />
      <PasswordInput
        label="Token de acesso"
        description={`Token permanente de um usuário do sistema (Configurações do negócio → Usuários do sistema), com as permissões whatsapp_business_messaging e whatsapp_business_management.${keep}`}
        required={!hasSecrets}
        autoComplete="new-password"
        {...form.getInputProps('accessToken')}
      />
      <PasswordInput
        label="Chave secreta do app"
        description={`Configurações do app → Básico → “App secret”. Confere que as mensagens recebidas vêm mesmo da Meta.${keep}`}
        required={!hasSecrets}
        autoComplete="new-password"
        {...form.getInputProps('appSecret')}
      />
      <TextInput
        label="Token de verificação do webhook"
        description={`Um texto que você escolhe e cola na configuração de Webhooks da Meta, junto com a URL de retorno.${keep}`}
        required={!hasSecrets}
        autoComplete="off"
        rightSectionWidth={108}
        rightSectionPointerEvents="all"
        rightSection={
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-xs"
              variant="light"
              aria-label="Gerar token de verificação"
              onClick={() => form.setFieldValue('verifyToken', generateVerifyToken())}
            >
              Gerar
            </Button>
            <CopyButton value={verifyToken} timeout={2500}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copiado' : 'Copiar'} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    aria-label="Copiar token de verificação"
                    onClick={copy}
                    disabled={verifyToken === ''}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        }
        {...form.getInputProps('verifyToken')}
      />
      {webhookUrl ? (
        <CloudWebhookDetails url={webhookUrl} />
      ) : (
        <Text size="xs" c="dimmed">
          Depois de criada a instância, a URL de retorno do webhook aparece na lista, em “Webhook da Meta”.
        </Text>
      )}
    </Stack>
  );
}
