/**
 * "Unir com outro cliente…" (managers; `POST /api/customers/{id}/merge`): the same person known as
 * two customers — say their phone and, since WhatsApp usernames, an id that hides the number —
 * becomes one. First the other customer is picked (the list's search, on the server, once typing
 * pauses; the open customer is not offered), then what will happen is said plainly before "Unir
 * clientes": the other one's identities, chats, tickets, orders, groups and campaign sends move to
 * the open customer, and the other stops existing, for good. A refusal (409 `merge_conflict`…) is
 * said inside the dialog, which stays open.
 */
import { Button, Group, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowMerge } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { LoadMore } from '../../../components/LoadMore';
import { SearchField } from '../../../components/SearchField';
import { formErrors } from '../../../lib/api-errors';
import { MAX_CUSTOMER_SEARCH, SEARCH_DEBOUNCE_MS, useCustomers } from '../api/get-customers';
import { useMergeCustomers } from '../api/merge-customers';
import type { Customer } from '../api/schemas';
import { addressLine, displayName } from '../format';
import { CustomerAddress } from './CustomerAddress';
import classes from './customers.module.css';

type Kept = Pick<Customer, 'id' | 'name' | 'phone'>;

export interface MergeCustomerDialogProps {
  /** The customer kept (whose detail is open); null when closed. */
  customer: Kept | null;
  onClose: () => void;
}

/** «Nome», as the confirmation quotes a customer. */
function quoted(customer: Pick<Customer, 'name' | 'phone'>): string {
  return `«${displayName(customer)}»`;
}

export function MergeCustomerDialog({ customer, onClose }: MergeCustomerDialogProps) {
  const merge = useMergeCustomers();
  function close() {
    merge.reset();
    onClose();
  }
  return (
    <FormModal
      opened={customer !== null}
      // Not while the merge is being made: its answer (or refusal) is said here.
      onClose={merge.isPending ? () => undefined : close}
      title="Unir com outro cliente"
    >
      {customer ? <MergeForm key={customer.id} customer={customer} merge={merge} onClose={close} /> : null}
    </FormModal>
  );
}

interface MergeFormProps {
  customer: Kept;
  merge: ReturnType<typeof useMergeCustomers>;
  onClose: () => void;
}

function MergeForm({ customer, merge, onClose }: MergeFormProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const customers = useCustomers(debounced);
  const [chosen, setChosen] = useState<Customer | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const rows = (customers.data?.pages.flatMap((page) => page.data) ?? []).filter((other) => other.id !== customer.id);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const moved = useRef(false);

  // Each step starts where it is read: the confirmation's text, or back at the search.
  useEffect(() => {
    if (!moved.current) return;
    (confirming ? confirmation.current : searchField.current)?.focus();
  }, [confirming]);

  function step(next: boolean) {
    moved.current = true;
    setErrors([]);
    setConfirming(next);
  }

  function submit() {
    if (!chosen) return;
    setErrors([]);
    merge.mutate(
      { id: customer.id, customerId: chosen.id },
      {
        onSuccess: (kept) => {
          notifications.show({
            color: 'teal',
            title: 'Clientes unidos.',
            message: `${quoted(chosen)} agora faz parte de ${quoted(kept)}.`,
          });
          onClose();
        },
        onError: (error) => setErrors(formErrors(error, {}).general),
      },
    );
  }

  if (confirming && chosen) {
    const kept = quoted(customer);
    const gone = quoted(chosen);
    return (
      <Stack gap="md">
        <Text size="sm" ref={confirmation} tabIndex={-1} data-testid="merge-confirmation">
          {gone} será incorporado a {kept}: identidades, conversas, atendimentos, pedidos, grupos e envios de campanha
          passam para {kept}, e {gone} deixa de existir. Isto não pode ser desfeito.
        </Text>
        <Stack gap="xs" component="dl" m={0} className={classes.mergeSummary}>
          <div>
            <Text size="xs" c="dimmed" component="dt">
              Fica
            </Text>
            <Text size="sm" component="dd" m={0} className={`${classes.address} ${classes.breakAnywhere}`}>
              <strong>{displayName(customer)}</strong>
              <CustomerAddress address={customer.phone} />
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" component="dt">
              Deixa de existir
            </Text>
            <Text size="sm" component="dd" m={0} className={`${classes.address} ${classes.breakAnywhere}`}>
              <strong>{displayName(chosen)}</strong>
              <CustomerAddress address={chosen.phone} />
            </Text>
          </div>
        </Stack>
        <FormAlert messages={errors} />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => step(false)}
            disabled={merge.isPending}
          >
            Voltar
          </Button>
          <Button color="red.8" leftSection={<IconArrowMerge size={16} />} onClick={submit} loading={merge.isPending}>
            Unir clientes
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        Escolha o cliente que será incorporado a <strong>{quoted(customer)}</strong>. Antes de unir, você confirma o que
        vai acontecer.
      </Text>
      <SearchField
        ref={searchField}
        label="Buscar cliente"
        aria-label="Buscar cliente"
        placeholder="Nome ou telefone"
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
          {debounced
            ? `Nenhum outro cliente tem “${debounced}” no nome ou no telefone.`
            : 'Nenhum outro cliente ainda.'}
        </Text>
      ) : (
        <Radio.Group
          label="Clientes encontrados"
          value={chosen ? String(chosen.id) : null}
          onChange={(value) => setChosen(rows.find((other) => String(other.id) === value) ?? null)}
        >
          <ScrollArea.Autosize mah="min(22rem, 40dvh)" type="auto" mt="xs" className={classes.results}>
            <Stack gap={0} aria-busy={customers.isPlaceholderData}>
              {rows.map((other) => (
                <Radio
                  key={other.id}
                  value={String(other.id)}
                  className={classes.result}
                  px="sm"
                  py="xs"
                  label={displayName(other)}
                  description={addressLine(other.phone)}
                />
              ))}
            </Stack>
            {customers.hasNextPage ? (
              <Stack p="xs">
                <LoadMore query={customers} />
              </Stack>
            ) : null}
          </ScrollArea.Autosize>
        </Radio.Group>
      )}
      <Text size="sm" aria-live="polite" className={classes.breakAnywhere}>
        {chosen ? (
          <>
            Escolhido: <strong>{displayName(chosen)}</strong> ({addressLine(chosen.phone)})
          </>
        ) : (
          'Nenhum cliente escolhido.'
        )}
      </Text>
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={() => step(true)} disabled={chosen === null}>
          Continuar
        </Button>
      </Group>
    </Stack>
  );
}
