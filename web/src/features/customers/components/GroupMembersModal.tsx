/**
 * "Incluir ou tirar clientes" of a group: search the customers (the same search as the list), tick
 * them — the ticks stay across searches — and include them in the group or take them out of it
 * (`POST /api/customer-groups/{id}/members`, at most 1 000 at a time). The API lists no group's
 * members (only how many): a customer's own groups are in their detail, where they are ticked.
 */
import { Alert, Button, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { LoadMore } from '../../../components/LoadMore';
import { SearchField } from '../../../components/SearchField';
import { formErrors } from '../../../lib/api-errors';
import { MAX_MEMBER_CHANGES, useChangeMembers } from '../api/change-members';
import { MAX_CUSTOMER_SEARCH, SEARCH_DEBOUNCE_MS, useCustomers } from '../api/get-customers';
import { useGroups } from '../api/get-groups';
import type { Customer, CustomerGroup } from '../api/schemas';
import { addressLine, customersCount, displayName } from '../format';
import classes from './customers.module.css';

export interface GroupMembersModalProps {
  /** The group whose customers change; null when closed. */
  group: CustomerGroup | null;
  onClose: () => void;
}

export function GroupMembersModal({ group, onClose }: GroupMembersModalProps) {
  return (
    <FormModal opened={group !== null} onClose={onClose} title={group ? `Clientes do grupo ${group.name}` : ''}>
      {group ? <MembersForm key={group.id} group={group} onClose={onClose} /> : null}
    </FormModal>
  );
}

function MembersForm({ group: opened, onClose }: { group: CustomerGroup; onClose: () => void }) {
  const groups = useGroups();
  // The group as the cache has it now (its size changes as customers go in and out).
  const group = groups.data?.find((other) => other.id === opened.id) ?? opened;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const customers = useCustomers(debounced);
  const [chosen, setChosen] = useState<ReadonlyMap<number, Customer>>(new Map());
  const [general, setGeneral] = useState<string[]>([]);
  const members = useChangeMembers();
  const rows = customers.data?.pages.flatMap((page) => page.data) ?? [];

  function toggle(customer: Customer, checked: boolean) {
    const next = new Map(chosen);
    if (checked) next.set(customer.id, customer);
    else next.delete(customer.id);
    setChosen(next);
  }

  function apply(include: boolean) {
    const ids = [...chosen.keys()];
    setGeneral([]);
    members.mutate(include ? { groupId: group.id, add: ids } : { groupId: group.id, remove: ids }, {
      onSuccess: (saved) => {
        const only = ids.length === 1 ? [...chosen.values()][0] : undefined;
        const who = only ? displayName(only) : customersCount(ids.length);
        notifications.show({
          color: 'teal',
          title: include ? 'Clientes incluídos' : 'Clientes tirados do grupo',
          message: `${include ? 'Incluídos em' : 'Tirados de'} ${saved.name}: ${who}. O grupo agora tem ${customersCount(saved.members)}.`,
        });
        setChosen(new Map());
      },
      onError: (error) => {
        const errors = formErrors(error, {});
        setGeneral(errors.general);
        notifications.show({ color: 'red', title: 'Não foi possível alterar o grupo', message: errors.message });
      },
    });
  }

  const tooMany = chosen.size > MAX_MEMBER_CHANGES;

  return (
    <Stack gap="md">
      <Text size="sm">
        O grupo tem <strong>{customersCount(group.members)}</strong>. Busque e marque clientes, depois inclua-os no
        grupo ou tire-os dele.
      </Text>
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} role="note">
        Para ver os grupos de um cliente, abra o cliente na aba Clientes.
      </Alert>
      <FormAlert messages={general} />
      <SearchField
        aria-label="Buscar clientes para o grupo"
        placeholder="Buscar por nome ou telefone"
        value={search}
        onValueChange={setSearch}
        searching={customers.isFetching && !customers.isPending && !customers.isFetchingNextPage}
        maxLength={MAX_CUSTOMER_SEARCH}
        data-autofocus
      />
      {customers.isPending ? (
        <ListSkeleton label="Carregando clientes" rows={4} />
      ) : customers.isError && rows.length === 0 ? (
        <LoadError
          title="Não foi possível carregar os clientes."
          error={customers.error}
          onRetry={() => void customers.refetch()}
          retrying={customers.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {debounced ? `Nenhum cliente tem “${debounced}” no nome ou no telefone.` : 'Nenhum cliente ainda.'}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="min(22rem, 45dvh)" type="auto" className={classes.results}>
          <Stack gap={0} role="group" aria-label="Clientes encontrados" aria-busy={customers.isPlaceholderData}>
            {rows.map((customer) => (
              <Checkbox
                key={customer.id}
                className={classes.result}
                px="sm"
                py="xs"
                label={displayName(customer)}
                description={addressLine(customer.phone)}
                checked={chosen.has(customer.id)}
                onChange={(event) => toggle(customer, event.currentTarget.checked)}
              />
            ))}
          </Stack>
          {customers.hasNextPage ? (
            <Stack p="xs">
              <LoadMore query={customers} />
            </Stack>
          ) : null}
        </ScrollArea.Autosize>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs">
          <Text size="sm" aria-live="polite">
            {chosen.size === 0
              ? 'Nenhum cliente marcado.'
              : `${customersCount(chosen.size)} ${chosen.size === 1 ? 'marcado' : 'marcados'}.`}
          </Text>
          {chosen.size > 0 ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setChosen(new Map())}>
              Desmarcar todos
            </Button>
          ) : null}
        </Group>
        {tooMany ? (
          <Text size="sm" c="red.8">
            Marque até {MAX_MEMBER_CHANGES.toLocaleString('pt-BR')} clientes por vez.
          </Text>
        ) : null}
      </Group>
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Button variant="default" onClick={onClose} disabled={members.isPending}>
          Fechar
        </Button>
        <Button
          variant="default"
          leftSection={<IconUserMinus size={16} />}
          disabled={chosen.size === 0 || tooMany}
          loading={members.isPending && members.variables.remove !== undefined}
          onClick={() => apply(false)}
        >
          Tirar do grupo
        </Button>
        <Button
          leftSection={<IconUserPlus size={16} />}
          disabled={chosen.size === 0 || tooMany}
          loading={members.isPending && members.variables.add !== undefined}
          onClick={() => apply(true)}
        >
          Incluir no grupo
        </Button>
      </Group>
    </Stack>
  );
}
