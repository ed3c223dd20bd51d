/** A step of the two-factor card that asks the authenticator's current code (turning off, renewing the recovery codes). */
import { Button, Group, Stack, Text } from '@mantine/core';
import { CodeField } from './CodeField';

export interface CodeStepProps {
  intro: string;
  code: string;
  onCode: (value: string) => void;
  error: string | null;
  pending: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
  submitLabel: string;
  color?: string;
}

export function CodeStep({
  intro,
  code,
  onCode,
  error,
  pending,
  onSubmit,
  onCancel,
  submitLabel,
  color,
}: CodeStepProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code);
      }}
      noValidate
    >
      <Stack gap="md" align="flex-start">
        <Text size="sm">{intro}</Text>
        <CodeField
          label="Código de verificação"
          value={code}
          onChange={onCode}
          onComplete={onSubmit}
          error={error}
          disabled={pending}
          autoFocus
        />
        <Group gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" color={color} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
