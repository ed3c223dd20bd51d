/**
 * Creating or renaming something that is only a name (a customer group, a closing reason): one
 * field, checked here (required, at most `maxLength` characters) and again by the server, whose 422
 * on `name` (`invalid_name`, `name_taken`) is said under the field, which takes the focus (a screen
 * reader then reads the error); any other refusal above the field, as an alert. What was typed
 * stays until it is saved or the dialog is closed.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { formErrors } from '../lib/api-errors';
import { FormAlert } from './FormAlert';

export interface NameFormModalProps {
  opened: boolean;
  title: string;
  /** The field's label ("Nome do grupo"). */
  label: string;
  /** A line under the title: what the name is for, or the current name. */
  description?: string;
  /** The current name when renaming, '' when creating. */
  initialName: string;
  maxLength: number;
  submitLabel: string;
  /** Saves the trimmed name; a rejection (the API's error) keeps the dialog open and says why. */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

export function NameFormModal({ opened, title, onClose, ...props }: NameFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {opened ? <NameForm key={props.initialName} {...props} onClose={onClose} /> : null}
    </Modal>
  );
}

function NameForm({
  label,
  description,
  initialName,
  maxLength,
  submitLabel,
  onSave,
  onClose,
}: Omit<NameFormModalProps, 'opened' | 'title'>) {
  const [saving, setSaving] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm({
    // Names the field's `data-path` (`name-form-name`), which `getInputNode` finds.
    name: 'name-form',
    mode: 'controlled',
    initialValues: { name: initialName },
    validate: {
      name: (value) => {
        const name = value.trim();
        if (name === '') return 'Informe o nome.';
        if (name.length > maxLength) return `Use até ${maxLength} caracteres.`;
        return null;
      },
    },
  });
  const unchanged = initialName !== '' && form.values.name.trim() === initialName;

  function submit({ name }: { name: string }) {
    setGeneral([]);
    setSaving(true);
    onSave(name.trim()).then(
      () => setSaving(false),
      (error: unknown) => {
        setSaving(false);
        const errors = formErrors(error, { name: 'name' });
        form.setErrors(errors.fields);
        setGeneral(errors.general);
        if (errors.fields.name) form.getInputNode('name')?.focus();
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        <FormAlert messages={general} />
        <TextInput
          label={label}
          required
          autoComplete="off"
          maxLength={maxLength}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving} disabled={unchanged}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
