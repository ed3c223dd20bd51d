/**
 * "O que registrar" (the "Configurações" tab of /audit, above the retention policy; route `users`;
 * `GET/PUT /api/audit/settings`): what the log records beyond the changes. One switch for now —
 * whether opening the conversation of a ticket owned by someone else is recorded
 * (`tickets_conversation_read`, once per reader and ticket per hour; waiting tickets without owner
 * do not count). It saves on toggle: the switch moves at once, goes back if the server refuses
 * (the reason in an alert), and a notification confirms a save.
 */
import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { SettingsLoader } from '../../../components/SettingsCard';
import { errorMessage } from '../../../lib/api-errors';
import { useAuditSettings, useSaveAuditSettings } from '../api/settings';
import type { AuditSettings } from '../api/schemas';

function SettingsForm({ settings }: { settings: AuditSettings }) {
  const titleId = useId();
  const labelId = useId();
  const save = useSaveAuditSettings();
  const [failure, setFailure] = useState<string | null>(null);

  const change = (conversationReads: boolean) => {
    setFailure(null);
    save.mutate(
      { ...settings, conversationReads },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: 'Configuração da auditoria salva.' }),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          O que registrar
        </Title>
        {failure ? (
          <Alert color="red" variant="light" role="alert" title="Não foi possível salvar a configuração">
            <Text size="sm">{failure}</Text>
            <Text size="sm">A opção voltou ao que estava.</Text>
          </Alert>
        ) : null}
        {/* Named by the label alone: Mantine puts the description inside the <label> too, which
            would read it twice (in the name and as the description). */}
        <Switch
          label={<span id={labelId}>Registrar quem abre a conversa de um atendimento de outra pessoa</span>}
          aria-labelledby={labelId}
          description="Supervisores e administradores que leem conversas de outros atendentes ficam no registro (uma vez por hora por conversa). Atendimentos aguardando, sem responsável, não contam."
          checked={settings.conversationReads}
          onChange={(event) => change(event.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}

export function AuditSettingsSection() {
  const settings = useAuditSettings();
  return (
    <SettingsLoader
      query={settings}
      loadingLabel="Carregando as configurações da auditoria"
      errorTitle="Não foi possível carregar as configurações da auditoria."
      skeleton={{ titleWidth: '30%', height: 56 }}
    >
      {(saved) => <SettingsForm settings={saved} />}
    </SettingsLoader>
  );
}
