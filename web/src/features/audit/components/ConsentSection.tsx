/**
 * "Consentimento no primeiro contato (LGPD)" (the "Configurações" tab of /audit, under the
 * retention policy; route `users`; `GET/PUT /api/privacy/consent`, docs/privacy.md#consent): a
 * switch — the bot asks each customer, before its greeting, the text below, followed by "Responda
 * 1 para aceitar ou 2 para recusar." — and the text (up to 1 500 characters, counted), with the
 * version in force. Changing the text makes a new version, and everyone is asked again on their
 * next conversation: the form says so, and which version a save would make. Saved with "Salvar
 * consentimento" (the tab has the retention's "Salvar" too); the server's refusal on `text` goes
 * under the field, anything else in an alert.
 */
import { Badge, Group, Stack, Switch, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { SettingsCard, SettingsLoader, SettingsSaveBar } from '../../../components/SettingsCard';
import { alertText, formErrors } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { MAX_CONSENT_TEXT, useConsentSetting, useSaveConsentSetting } from '../api/consent';
import type { ConsentSetting } from '../api/schemas';

/** As the server says it (docs/privacy.md#consent). */
const TEXT_REQUIRED = 'Escreva o texto do consentimento para ligar a etapa.';

function ConsentForm({ saved }: { saved: ConsentSetting }) {
  const [enabled, setEnabled] = useState(saved.enabled);
  const [text, setText] = useState(saved.text);
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const save = useSaveConsentSetting();
  const trimmed = text.trim();
  const changed = enabled !== saved.enabled || trimmed !== saved.text.trim();
  const newVersion = trimmed !== '' && trimmed !== saved.text.trim();

  const submit = () => {
    setGeneral(null);
    if (enabled && trimmed === '') {
      setError(TEXT_REQUIRED);
      field.current?.focus();
      return;
    }
    save.mutate(
      { enabled, text: trimmed },
      {
        onSuccess: (result) => {
          setEnabled(result.enabled);
          setText(result.text);
          setError(null);
          notifications.show({
            color: 'teal',
            message:
              result.version !== saved.version
                ? `Consentimento salvo: versão ${result.version}. Os clientes serão perguntados de novo.`
                : 'Consentimento salvo.',
          });
        },
        onError: (failure) => {
          const errors = formErrors(failure, { text: 'text' });
          setError(errors.fields.text ?? null);
          if (errors.fields.text) field.current?.focus();
          setGeneral(alertText(errors));
        },
      },
    );
  };

  return (
    <SettingsCard
      title="Consentimento no primeiro contato (LGPD)"
      description="Ligado, o bot envia este texto no primeiro contato de cada cliente, antes da saudação, seguido de “Responda 1 para aceitar ou 2 para recusar.”, e guarda a resposta com o texto e a versão. Recusar não impede o atendimento."
      failure={general}
      failureTitle="Não foi possível salvar o consentimento"
      onSubmit={submit}
    >
      <Switch
        label="Pedir consentimento no primeiro contato"
        checked={enabled}
        onChange={(event) => {
          setEnabled(event.currentTarget.checked);
          if (error === TEXT_REQUIRED) setError(null);
        }}
      />
      <Textarea
        ref={field}
        label="Texto do consentimento"
        description={`${text.length}/${MAX_CONSENT_TEXT} caracteres`}
        placeholder="Ex.: Olá! Para atender você, tratamos seus dados (nome, telefone e mensagens) conforme a LGPD. Saiba mais na nossa política de privacidade."
        autosize
        minRows={4}
        maxRows={14}
        maxLength={MAX_CONSENT_TEXT}
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (error) setError(null);
        }}
      />
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          {saved.version > 0 ? (
            <Badge variant="light" color="gray" size="lg" tt="none" data-testid="consent-version">
              Versão {saved.version}
            </Badge>
          ) : (
            <Text size="sm" data-testid="consent-version">
              Nenhuma versão salva ainda.
            </Text>
          )}
          {saved.updatedAt ? (
            <Text size="sm" c="dimmed">
              Salvo em <time dateTime={saved.updatedAt}>{formatDateTime(saved.updatedAt)}</time>
            </Text>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {newVersion
            ? `Ao salvar, o texto vira a versão ${saved.version + 1}: todos os clientes serão perguntados de novo na próxima conversa.`
            : 'Mudar o texto cria uma nova versão: todos os clientes serão perguntados de novo na próxima conversa.'}
        </Text>
      </Stack>
      <SettingsSaveBar label="Salvar consentimento" changed={changed} saving={save.isPending} />
    </SettingsCard>
  );
}

export function ConsentSection() {
  const consent = useConsentSetting();
  // Not keyed by the data: a save's answer resets the draft itself; the button compares with the server's.
  return (
    <SettingsLoader
      query={consent}
      loadingLabel="Carregando o consentimento"
      errorTitle="Não foi possível carregar o consentimento."
      skeleton={{ titleWidth: '45%', height: 140 }}
    >
      {(saved) => <ConsentForm saved={saved} />}
    </SettingsLoader>
  );
}
