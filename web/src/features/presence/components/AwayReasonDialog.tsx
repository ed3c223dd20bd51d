/**
 * Choosing "Ausente" in the header's status menu: an optional reason, one line of at most 60
 * characters — a quick choice (Almoço, Reunião, Pausa) or free text. "Ficar ausente" confirms with
 * the reason typed, "Sem motivo" confirms without one, Esc or the close button keeps the current
 * status. A modal dialog: focus goes to the text field and comes back to the status button.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import {
  AWAY_REASON_CHOICES,
  awayReasonError,
  MAX_AWAY_REASON_LENGTH,
  normalizeAwayReason,
} from '../../../lib/presence';

export interface AwayReasonDialogProps {
  opened: boolean;
  /** The reason of the current absence when changing it; null for a new one. */
  initialReason: string | null;
  /** Confirms `ausente` with this reason (null: none). */
  onConfirm: (reason: string | null) => void;
  onClose: () => void;
}

export function AwayReasonDialog({ opened, initialReason, onConfirm, onClose }: AwayReasonDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Ficar ausente"
      size="sm"
      centered
      closeButtonProps={{ 'aria-label': 'Cancelar e manter o status atual' }}
    >
      {/* Mounted per opening: the field starts from the current reason each time. */}
      {opened ? <ReasonForm initialReason={initialReason} onConfirm={onConfirm} /> : null}
    </Modal>
  );
}

function ReasonForm({
  initialReason,
  onConfirm,
}: {
  initialReason: string | null;
  onConfirm: (reason: string | null) => void;
}) {
  const [reason, setReason] = useState(initialReason ?? '');
  const [error, setError] = useState<string | null>(null);
  const choicesId = useId();
  const length = reason.trim().length;

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = awayReasonError(reason);
    setError(problem);
    if (!problem) onConfirm(normalizeAwayReason(reason));
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">Você continua conectado, mas não recebe novos atendimentos nem transferências.</Text>
        <Stack gap={6}>
          <Text size="sm" fw={500} id={choicesId}>
            Motivos rápidos
          </Text>
          <Group gap="xs" role="group" aria-labelledby={choicesId}>
            {AWAY_REASON_CHOICES.map((choice) => {
              const chosen = reason.trim().toLocaleLowerCase('pt-BR') === choice.toLocaleLowerCase('pt-BR');
              return (
                <Button
                  key={choice}
                  size="xs"
                  radius="xl"
                  variant={chosen ? 'filled' : 'default'}
                  aria-pressed={chosen}
                  onClick={() => {
                    setReason(choice);
                    setError(null);
                  }}
                >
                  {choice}
                </Button>
              );
            })}
          </Group>
        </Stack>
        <TextInput
          label="Motivo (opcional)"
          placeholder="Ex.: consulta médica"
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (error) setError(awayReasonError(event.currentTarget.value));
          }}
          description={`${length}/${MAX_AWAY_REASON_LENGTH} caracteres`}
          error={error}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onConfirm(null)}>
            Sem motivo
          </Button>
          <Button type="submit">Ficar ausente</Button>
        </Group>
      </Stack>
    </form>
  );
}
