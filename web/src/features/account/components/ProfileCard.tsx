/**
 * "Seus dados" of /user-settings (docs/account.md#my-name-and-photo): who the person is — photo,
 * name, email, username, role — and editing their own name and photo URL. Saving refreshes the user
 * info, so the header's avatar and name change at once.
 */
import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { formErrors } from '../../../lib/api-errors';
import { allowedImageUrl } from '../../../lib/images';
import { useUpdateProfile } from '../api/update-profile';
import { MAX_NAME_LENGTH, validatePhotoUrl, validateProfileName } from '../profile-validation';
import classes from './ProfileCard.module.css';

export interface ProfileUser {
  name: string;
  email: string;
  username?: string | null;
  image?: string | null;
  roleName?: string | null;
}

export interface ProfileCardProps {
  user: ProfileUser;
  /** Heading level of the card title. */
  titleOrder?: 2 | 3;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" className={classes.value}>
        {children}
      </Text>
    </Stack>
  );
}

export function ProfileCard({ user, titleOrder = 2 }: ProfileCardProps) {
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md" wrap="nowrap" align="flex-start">
        <Title order={titleOrder} fz="h4">
          Seus dados
        </Title>
        {editing ? null : (
          <Button variant="light" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
            Editar nome e foto
          </Button>
        )}
      </Group>
      {editing ? (
        <ProfileForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <Avatar src={allowedImageUrl(user.image)} alt="" name={user.name} color="initials" size={64} radius="xl" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" flex={1} miw={0}>
            <Field label="Nome">{user.name}</Field>
            <Field label="Email">{user.email}</Field>
            <Field label="Usuário">{user.username ?? '—'}</Field>
            <Field label="Perfil">{user.roleName ?? '—'}</Field>
          </SimpleGrid>
        </Group>
      )}
    </Card>
  );
}

function ProfileForm({ user, onDone }: { user: ProfileUser; onDone: () => void }) {
  const update = useUpdateProfile();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: user.name, image: user.image ?? '' },
    validate: { name: validateProfileName, image: validatePhotoUrl },
  });

  function submit(values: { name: string; image: string }) {
    setGeneral([]);
    const image = values.image.trim();
    update.mutate(
      { name: values.name.trim(), image: image === '' ? null : image },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Dados salvos',
            message: 'Seu nome e sua foto foram atualizados.',
          });
          onDone();
        },
        onError: (error) => {
          const errors = formErrors(error, { name: 'name', image: 'image' });
          form.setErrors(errors.fields);
          setGeneral(errors.general);
        },
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Avatar
          src={allowedImageUrl(user.image)}
          alt=""
          name={user.name}
          color="initials"
          size={64}
          radius="xl"
          visibleFrom="xs"
        />
        <Stack gap="md" flex={1} miw={0}>
          <FormAlert messages={general} />
          <TextInput
            label="Nome"
            required
            autoComplete="name"
            maxLength={MAX_NAME_LENGTH}
            data-autofocus
            autoFocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Endereço da foto"
            description="Um link https:// para uma imagem. Deixe em branco para usar as suas iniciais."
            type="url"
            inputMode="url"
            autoComplete="photo"
            placeholder="https://"
            {...form.getInputProps('image')}
          />
          <Group gap="sm">
            <Button variant="default" onClick={onDone} disabled={update.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={update.isPending}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </Group>
    </form>
  );
}
