/**
 * The Evolution API gateway fields of the instance form (docs/providers.md#evolution): the
 * gateway's address, the number's instance name there (created at the gateway by "Conectar
 * número"), the gateway's API key, and whether group chats reach the inbox. The key is never shown back: when the instance already has
 * one it starts empty, and empty keeps it. Neither the name nor the key is cut at its limit while
 * typed or pasted (a cut name would point at another gateway instance): the form's checks say so.
 */
import { Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { InstanceFormValues } from '../instance-form';

export interface EvolutionProviderFieldsProps {
  form: UseFormReturnType<InstanceFormValues>;
  /** The instance already has its API key: empty keeps it. */
  hasKey: boolean;
}

export function EvolutionProviderFields({ form, hasKey }: EvolutionProviderFieldsProps) {
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        Um número não oficial, pareado por QR code em “Conectar número” depois de salvar. A chave de API nunca é
        mostrada de novo.
      </Text>
      <TextInput
        label="Endereço do gateway"
        description="O endereço da sua Evolution API v2, ex.: https://evolution.suaempresa.com.br"
        placeholder="https://evolution.suaempresa.com.br"
        required
        type="url"
        inputMode="url"
        autoComplete="off"
        {...form.getInputProps('evolutionBaseUrl')}
      />
      <TextInput
        label="Nome da instância no gateway"
        description="Letras, números, - e _; a instância é criada no gateway ao conectar."
        required
        autoComplete="off"
        spellCheck={false}
        {...form.getInputProps('evolutionInstanceName')}
      />
      <PasswordInput
        label="Chave de API"
        description={`A AUTHENTICATION_API_KEY do gateway.${hasKey ? ' Deixe em branco para manter a atual.' : ''}`}
        required={!hasKey}
        autoComplete="new-password"
        {...form.getInputProps('evolutionApiKey')}
      />
      <Checkbox
        label="Receber mensagens de grupos"
        description="Cada grupo vira um cliente; cada mensagem mostra quem do grupo escreveu."
        {...form.getInputProps('evolutionKeepGroups', { type: 'checkbox' })}
      />
    </Stack>
  );
}
