/**
 * Creating or changing a tag: its name (1 to 40 characters, unique whatever the accents and case —
 * the server says so under the field) and its colour (a `#rrggbb` field with a picker, and a few
 * named colours as buttons), with a preview of the badge as the inbox will show it. A refusal on a
 * field is said under it, which takes the focus; any other above the fields. Editing sends only
 * what changed.
 */
import { Button, ColorInput, ColorSwatch, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { TagBadge } from '../../../components/TagBadge';
import { formErrors } from '../../../lib/api-errors';
import { DEFAULT_TAG_COLOR, isTagColor, MAX_TAG_NAME, type Tag } from '../../../lib/tags';
import { useCreateTag } from '../api/create-tag';
import { useUpdateTag } from '../api/update-tag';
import { TAG_SWATCHES } from '../swatches';
import classes from './tags.module.css';

export interface TagFormModalProps {
  opened: boolean;
  /** The tag being changed; null: a new one. */
  tag: Tag | null;
  onClose: () => void;
}

export function TagFormModal({ opened, tag, onClose }: TagFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={tag ? 'Editar etiqueta' : 'Nova etiqueta'} size="md">
      {opened ? <TagForm key={tag?.id ?? 'new'} tag={tag} onClose={onClose} /> : null}
    </FormModal>
  );
}

function TagForm({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const create = useCreateTag();
  const update = useUpdateTag();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm({
    // Names the fields' `data-path` (`tag-form-name`), which `getInputNode` finds.
    name: 'tag-form',
    mode: 'controlled',
    initialValues: { name: tag?.name ?? '', color: tag?.color ?? DEFAULT_TAG_COLOR },
    validate: {
      name: (value) => {
        const name = value.trim();
        if (name === '') return 'Informe o nome.';
        if (name.length > MAX_TAG_NAME) return `Use até ${MAX_TAG_NAME} caracteres.`;
        return null;
      },
      color: (value) => (isTagColor(value) ? null : 'Use uma cor no formato #rrggbb.'),
    },
  });
  const name = form.values.name.trim();
  const color = form.values.color.trim().toLowerCase();
  const changes = tag
    ? { ...(name !== tag.name ? { name } : {}), ...(color !== tag.color ? { color } : {}) }
    : { name, color };
  const saving = create.isPending || update.isPending;

  async function save() {
    if (tag) {
      const saved = await update.mutateAsync({ id: tag.id, ...changes });
      notifications.show({ color: 'teal', title: 'Etiqueta salva', message: `“${saved.name}” foi atualizada.` });
    } else {
      const saved = await create.mutateAsync({ name, color });
      notifications.show({
        color: 'teal',
        title: 'Etiqueta criada',
        message: `“${saved.name}” já pode ser usada nos atendimentos e clientes.`,
      });
    }
    onClose();
  }

  function submit() {
    setGeneral([]);
    save().catch((error: unknown) => {
      const errors = formErrors(error, { name: 'name', color: 'color' });
      form.setErrors(errors.fields);
      setGeneral(errors.general);
      if (errors.fields.name) form.getInputNode('name')?.focus();
      else if (errors.fields.color) form.getInputNode('color')?.focus();
    });
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormAlert messages={general} />
        <TextInput
          label="Nome da etiqueta"
          description="Por exemplo: Orçamento, Pós-venda, Urgente."
          required
          autoComplete="off"
          maxLength={MAX_TAG_NAME}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Stack gap={6}>
          <ColorInput
            label="Cor"
            description="Formato #rrggbb. O texto da etiqueta fica preto ou branco, o que for mais legível."
            required
            format="hex"
            withEyeDropper={false}
            swatches={TAG_SWATCHES.map((swatch) => swatch.color)}
            swatchesPerRow={9}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('color')}
          />
          <Group gap={8} role="group" aria-label="Cores sugeridas">
            {TAG_SWATCHES.map((swatch) => (
              <ColorSwatch
                key={swatch.color}
                component="button"
                type="button"
                color={swatch.color}
                size={28}
                className={classes.swatchButton}
                aria-label={swatch.name}
                title={swatch.name}
                aria-pressed={color === swatch.color}
                onClick={() => form.setFieldValue('color', swatch.color)}
              />
            ))}
          </Group>
        </Stack>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Prévia:
          </Text>
          <TagBadge
            tag={{ id: tag?.id ?? 0, name: name || 'Etiqueta', color: isTagColor(color) ? color : DEFAULT_TAG_COLOR }}
            size="md"
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving} disabled={tag !== null && Object.keys(changes).length === 0}>
            {tag ? 'Salvar' : 'Criar etiqueta'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
