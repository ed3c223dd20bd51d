/**
 * /roles/edit/{id} form: the role's permitted route names grouped by catalogue category (labels
 * in the active language, a "select all" per category), the two-factor requirement, and save
 * (POST /api/permission/update). Server errors become a pt_BR toast plus the field errors next to
 * what they are about. Unsaved changes are not dropped silently: leaving through the app (a link,
 * the menu, back) asks "Descartar alterações?" (the router's `useBlocker`), and reloading or closing
 * the tab asks the browser's own question (`beforeunload`).
 */
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useBlocker } from 'react-router-dom';
import { ApiError, type FieldError } from '../../../lib/http';
import { useRouteLabels } from '../../../lib/route-labels';
import type { PermissionCategory } from '../api/get-permission-categories';
import type { Role } from '../api/get-roles';
import { isOwnRole, useUpdateRolePermissions } from '../api/update-role-permissions';
import { categoryCheck, sameRoutes, setCategory, setRoute, toPermissionList } from '../permission-selection';

/** Field of the request body each error may name. */
const PERMISSIONS_FIELD = 'permissions';
const TWO_FACTOR_FIELD = 'requireTwoFactor';

export interface RoleEditFormProps {
  role: Role;
  categories: PermissionCategory[];
  /** Where "Cancelar"/"Voltar" goes (the roles list). */
  cancelPath: string;
  onSaved?: (role: Role) => void;
}

function errorsFor(errors: readonly FieldError[], field: string | null): string[] {
  return errors
    .filter((error) =>
      field === null ? error.field !== PERMISSIONS_FIELD && error.field !== TWO_FACTOR_FIELD : error.field === field,
    )
    .map((error) => error.message);
}

export function RoleEditForm({ role, categories, cancelPath, onSaved }: RoleEditFormProps) {
  const { routeLabel, categoryLabel } = useRouteLabels();
  const [selected, setSelected] = useState<Set<string>>(() => new Set(role.has_permission_routes));
  const [requireTwoFactor, setRequireTwoFactor] = useState(role.require_two_factor);
  const [fieldErrors, setFieldErrors] = useState<readonly FieldError[]>([]);
  // What the server holds: the role as loaded, then as the last save answered (the list query is
  // read again afterwards, but leaving right after saving must not ask about changes just saved).
  const [saved, setSaved] = useState<Pick<Role, 'has_permission_routes' | 'require_two_factor'>>(role);
  const update = useUpdateRolePermissions();

  const order = useMemo(
    () => categories.flatMap((category) => category.permissions.map((permission) => permission.route_name)),
    [categories],
  );
  const dirty = !sameRoutes(selected, saved.has_permission_routes) || requireTwoFactor !== saved.require_two_factor;

  // Leaving the screen with unsaved changes asks first (staying on it, e.g. its own query string, does not).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !update.isPending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function change(next: Set<string>) {
    setSelected(next);
    setFieldErrors([]);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFieldErrors([]);
    update.mutate(
      { roleId: role.id, permissions: toPermissionList(selected, order), requireTwoFactor },
      {
        onSuccess: (answer) => {
          setSaved(answer);
          notifications.show({
            color: 'teal',
            title: 'Perfil salvo',
            message: isOwnRole(answer)
              ? `As permissões de “${answer.display_name}” foram atualizadas. Seu menu já mostra as mudanças.`
              : `As permissões de “${answer.display_name}” foram atualizadas.`,
          });
          onSaved?.(answer);
        },
        onError: (error) => {
          const apiError = error instanceof ApiError ? error : null;
          setFieldErrors(apiError?.errors ?? []);
          notifications.show({
            color: 'red',
            title: 'Não foi possível salvar o perfil',
            message: apiError?.message ?? 'Erro inesperado. Tente novamente.',
          });
        },
      },
    );
  }

  const permissionErrors = errorsFor(fieldErrors, PERMISSIONS_FIELD);
  const twoFactorErrors = errorsFor(fieldErrors, TWO_FACTOR_FIELD);
  const otherErrors = errorsFor(fieldErrors, null);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {otherErrors.length > 0 ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {otherErrors.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        ) : null}

        <Card withBorder radius="md" padding="lg">
          <Switch
            size="md"
            checked={requireTwoFactor}
            onChange={(event) => {
              setRequireTwoFactor(event.currentTarget.checked);
              setFieldErrors([]);
            }}
            label="Exigir autenticação em dois fatores"
            description="Quem tem este perfil precisará ativar a autenticação em dois fatores antes de abrir as telas protegidas."
            error={twoFactorErrors.join(' ') || undefined}
          />
        </Card>

        <Stack gap="xs">
          <Group justify="space-between" align="baseline">
            <Title order={3}>Telas permitidas</Title>
            <Text size="sm" c="dimmed">
              {selected.size} de {order.length} selecionadas
            </Text>
          </Group>
          {role.name === 'administrador' ? (
            <Text size="sm" c="dimmed">
              O perfil administrador sempre mantém “{routeLabel('roles-list')}” e “{routeLabel('roles-edit')}”.
            </Text>
          ) : null}
          {permissionErrors.length > 0 ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" id="permissions-error">
              {permissionErrors.map((message) => (
                <Text key={message} size="sm">
                  {message}
                </Text>
              ))}
            </Alert>
          ) : null}
        </Stack>

        {categories.map((category) => {
          const names = category.permissions.map((permission) => permission.route_name);
          const check = categoryCheck(selected, names);
          const label = categoryLabel(category);
          return (
            <Card
              key={category.id}
              withBorder
              radius="md"
              padding="lg"
              role="group"
              aria-labelledby={`category-${category.id}`}
              aria-describedby={permissionErrors.length > 0 ? 'permissions-error' : undefined}
            >
              <Group justify="space-between" mb="md" wrap="nowrap">
                <Title order={4} id={`category-${category.id}`}>
                  {label}
                </Title>
                {names.length > 0 ? (
                  <Checkbox
                    label="Selecionar todas"
                    aria-label={`Selecionar todas as telas de ${label}`}
                    checked={check === 'all'}
                    indeterminate={check === 'some'}
                    onChange={(event) => change(setCategory(selected, names, event.currentTarget.checked))}
                  />
                ) : null}
              </Group>
              {names.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nenhuma tela nesta categoria.
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
                  {names.map((name) => (
                    <Checkbox
                      key={name}
                      checked={selected.has(name)}
                      onChange={(event) => change(setRoute(selected, name, event.currentTarget.checked))}
                      label={routeLabel(name)}
                      description={<Code fz="xs">{name}</Code>}
                    />
                  ))}
                </SimpleGrid>
              )}
            </Card>
          );
        })}

        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={cancelPath} variant="default">
            {dirty ? 'Cancelar' : 'Voltar'}
          </Button>
          <Button
            type="submit"
            loading={update.isPending}
            disabled={!dirty}
            leftSection={<IconDeviceFloppy size={18} />}
          >
            Salvar
          </Button>
        </Group>
      </Stack>

      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Descartar alterações?"
        centered
      >
        <Stack gap="lg">
          <Text size="sm">
            As mudanças no perfil “{role.display_name}” ainda não foram salvas. Se sair agora, elas serão perdidas.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
              Continuar editando
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Descartar alterações
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
