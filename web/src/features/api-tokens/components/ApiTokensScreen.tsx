/**
 * `/api-tokens` ("Tokens de API", a screen of route `users`; issue 47): the keys integrations (an
 * ERP, a store, n8n, Make) call the API with instead of a person's password. What a token is and
 * may do, in a few lines; the tokens — name and prefix, role, instances, validity, last use,
 * status, who created it — as a table from md up and cards below; "Novo token" (the secret shown
 * once) and "Revogar" after a confirmation naming the token.
 */
import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { ResponsiveList } from '../../../components/ResponsiveList';
import { errorMessage } from '../../../lib/api-errors';
import { useApiTokens } from '../api/get-api-tokens';
import { useTokenOptions } from '../api/get-token-options';
import { useRevokeApiToken } from '../api/revoke-api-token';
import type { ApiToken, TokenOptions } from '../api/schemas';
import { ApiTokenFormModal } from './ApiTokenFormModal';
import { ApiTokenCard, ApiTokenRow, type TokenNames } from './ApiTokenRow';
import classes from './api-tokens.module.css';

const HEADERS = ['Token', 'Perfil', 'Instâncias', 'Validade', 'Último uso', 'Situação', 'Criado por'];

/** Names from the form's options; while they load (or failed) the token's own role name and ids. */
function tokenNames(options: TokenOptions | undefined): TokenNames {
  return {
    role: (token) => options?.roles.find((role) => role.id === token.roleId)?.display_name ?? token.roleName,
    instances: (token) =>
      token.instanceIds.length === 0
        ? 'Todas'
        : token.instanceIds
            .map((id) => options?.instances.find((instance) => instance.id === id)?.name ?? `Instância ${id}`)
            .join(', '),
    department: (token) =>
      token.departmentId === null
        ? null
        : (options?.departments.find((department) => department.id === token.departmentId)?.name ??
          `Departamento ${token.departmentId}`),
  };
}

/** What a token is and may do, in a few lines. */
function HowItWorks() {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Como funciona
        </Title>
        <List size="sm" spacing={4} className={classes.facts}>
          <List.Item>
            Um token é de uma integração (ERP, loja, n8n, Make), não de uma pessoa: nunca entra no sistema e não ocupa
            licença do plano.
          </List.Item>
          <List.Item>
            Ele chama as rotas do perfil escolhido, por REST e GraphQL, com o cabeçalho{' '}
            <code>Authorization: Bearer &lt;token&gt;</code>.
          </List.Item>
          <List.Item>
            Restrito a instâncias (e, se quiser, a um departamento), vê só as conversas delas; sem restrição, vê todas.
          </List.Item>
          <List.Item>
            O que ele faz aparece com o nome dele. Limite de 600 requisições por minuto; revogue quando quiser.
          </List.Item>
        </List>
      </Stack>
    </Paper>
  );
}

export function ApiTokensScreen() {
  const tokens = useApiTokens();
  const options = useTokenOptions();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const names = tokenNames(options.data);

  const createButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
      Novo token
    </Button>
  );

  let content: ReactNode;
  if (tokens.isPending) {
    content = <ListSkeleton label="Carregando tokens" rows={3} />;
  } else if (tokens.isError) {
    content = (
      <LoadError
        title="Não foi possível carregar os tokens."
        error={tokens.error}
        onRetry={() => void tokens.refetch()}
        retrying={tokens.isFetching}
      />
    );
  } else if (tokens.data.length === 0) {
    content = (
      <EmptyState
        icon={IconKey}
        title="Nenhum token de API"
        description="Crie um token para cada integração que chama a API: se uma delas vazar, você revoga só aquele."
        actions={createButton}
      />
    );
  } else {
    content = (
      <ResponsiveList
        items={tokens.data}
        getKey={(token) => token.id}
        headers={HEADERS}
        renderRow={(token) => <ApiTokenRow token={token} names={names} onRevoke={setRevoking} />}
        renderCard={(token) => <ApiTokenCard token={token} names={names} onRevoke={setRevoking} />}
      />
    );
  }

  return (
    <Stack gap="md">
      <HowItWorks />
      {tokens.data && tokens.data.length > 0 ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {tokens.data.filter((token) => token.status === 'active').length} de {tokens.data.length}{' '}
            {tokens.data.length === 1 ? 'token ativo' : 'tokens ativos'}
          </Text>
          {createButton}
        </Group>
      ) : null}
      {content}

      <ApiTokenFormModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revogar token"
        confirmLabel="Revogar"
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          const { id, name } = revoking;
          revoke.mutate(id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', title: 'Token revogado', message: name });
              setRevoking(null);
            },
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Não foi possível revogar', message: errorMessage(error) }),
          });
        }}
      >
        {`Revogar o token “${revoking?.name ?? ''}” (${revoking?.prefix ?? ''}…)? As integrações que o usam param na hora: a próxima chamada delas recebe 401. Isso não pode ser desfeito; o que ele já fez continua com o nome dele.`}
      </ConfirmDialog>
    </Stack>
  );
}
