/**
 * Unblock an account of one tenant by email (back-office operators; docs/auth.md#guessing-limits,
 * `POST /api/tenant/unblock-user {tenantName, email}`): for anyone locked out by wrong passwords,
 * including the tenant's own administrators, whom nobody in their tenant could unblock then. The
 * server's pt_BR message for an unknown email (404 `user_not_found`) shows under the email field;
 * other failures above it. Each error shows once, in the form (no toast repeating it).
 */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import * as z from 'zod/mini';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { formErrors } from '../../../lib/api-errors';
import { ApiError } from '../../../lib/http';
import type { Tenant } from '../api/get-tenants';
import { useUnblockTenantUser } from '../api/unblock-tenant-user';

const EmailSchema = z.email();

/** The 404 code of an email that names no user of the tenant. */
const USER_NOT_FOUND = 'user_not_found';

function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return 'O campo email é obrigatório';
  return EmailSchema.safeParse(email).success ? null : 'O campo email deve ser um email válido';
}

export interface TenantUnblockUserModalProps {
  /** The tenant whose user to unblock; null when closed. */
  tenant: Tenant | null;
  onClose: () => void;
}

export function TenantUnblockUserModal({ tenant, onClose }: TenantUnblockUserModalProps) {
  return (
    <FormModal
      opened={tenant !== null}
      onClose={onClose}
      title={tenant ? `Desbloquear conta: ${tenant.name}` : ''}
      size="md"
    >
      {tenant ? <UnblockForm key={tenant.id} tenant={tenant} onDone={onClose} /> : null}
    </FormModal>
  );
}

function UnblockForm({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  const unblock = useUnblockTenantUser();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: validateEmail },
  });

  function submit({ email }: { email: string }) {
    setGeneral([]);
    unblock.mutate(
      { tenantName: tenant.name, email: email.trim() },
      {
        onSuccess: (user) => {
          notifications.show({
            color: 'teal',
            title: 'Conta desbloqueada',
            message: `${user.name} (${user.email}) já pode entrar em ${tenant.name} com a senha que tem.`,
          });
          onDone();
        },
        onError: (error) => {
          const errors = formErrors(error, { email: 'email' });
          if (error instanceof ApiError && error.status === 404 && error.code === USER_NOT_FOUND) {
            // "Usuário não encontrado nesta empresa.": about the email typed, so under it.
            form.setErrors({ email: error.message });
          } else {
            form.setErrors(errors.fields);
            setGeneral(errors.general);
          }
        },
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Para quem teve a conta bloqueada em {tenant.name} por errar a senha, inclusive quem administra a empresa. A
          pessoa volta a entrar com a senha que já tem.
        </Text>
        <FormAlert messages={general} />
        <TextInput
          label="Email da conta"
          placeholder={`nome@${tenant.name}.com.br`}
          type="email"
          required
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={unblock.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={unblock.isPending}>
            Desbloquear
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
