/**
 * "Anonimizar cliente" (route `customers`; `POST /api/customers/{id}/erase`, docs/privacy.md#erasure):
 * the data subject asked to be erased. The dialog says, briefly, what leaves (name, contacts,
 * identities, the messages' texts and files, what they typed to the bot…) and what stays (the
 * record as "Titular anonimizado", tickets, orders, campaign sends: the figures do not change),
 * that it cannot be undone, and asks the customer's name typed exactly: "Anonimizar" stays disabled
 * until it matches, and the name goes as `{confirmation}`. The server's refusal is said inside the
 * dialog, which stays open — a legal hold set meanwhile (409 `legal_hold`, with its reason), an
 * erasure already done (409 `customer_erased`), the name no longer the customer's (422 on
 * `confirmation`, under the field). Done, a notification counts what was removed.
 */
import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEraser } from '@tabler/icons-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { formErrors } from '../../../lib/api-errors';
import { ERASED_NAME, useEraseCustomer } from '../api/erase-customer';
import type { Customer } from '../api/schemas';
import { filesRemoved, messagesCount } from '../format';
import classes from './customers.module.css';

type Subject = Pick<Customer, 'id' | 'name' | 'phone'>;

export interface EraseCustomerDialogProps {
  /** The customer to erase; null when closed. */
  customer: Subject | null;
  onClose: () => void;
}

export function EraseCustomerDialog({ customer, onClose }: EraseCustomerDialogProps) {
  const erase = useEraseCustomer();
  function close() {
    erase.reset();
    onClose();
  }
  return (
    <FormModal
      opened={customer !== null}
      onClose={erase.isPending ? () => undefined : close}
      title="Anonimizar cliente"
    >
      {customer ? <EraseForm key={customer.id} customer={customer} erase={erase} onClose={close} /> : null}
    </FormModal>
  );
}

interface EraseFormProps {
  customer: Subject;
  erase: ReturnType<typeof useEraseCustomer>;
  onClose: () => void;
}

/** What leaves and what stays (docs/privacy.md#erasure), in short. */
function ErasureSummary() {
  const goneId = useId();
  const keptId = useId();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <section className={classes.erasureBox} aria-labelledby={goneId}>
        <Title order={3} size="h6" id={goneId} mb={4}>
          Sai
        </Title>
        <Text size="sm" component="ul">
          <li>Nome, telefone, e-mail, documento e identidades.</li>
          <li>Texto e arquivos das mensagens das conversas, anotações internas incluídas.</li>
          <li>O que digitou ao bot, comentários de pesquisas, observações de pedidos e mensagens agendadas.</li>
          <li>Entregas de webhook que citam o cliente.</li>
        </Text>
      </section>
      <section className={classes.erasureBox} aria-labelledby={keptId}>
        <Title order={3} size="h6" id={keptId} mb={4}>
          Fica
        </Title>
        <Text size="sm" component="ul">
          <li>O cadastro, como “{ERASED_NAME}”.</li>
          <li>Atendimentos, mensagens vazias, pedidos, envios de campanha e avaliações.</li>
          <li>Painéis e planilhas continuam com os mesmos números.</li>
        </Text>
      </section>
    </SimpleGrid>
  );
}

function EraseForm({ customer, erase, onClose }: EraseFormProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const field = useRef<HTMLInputElement>(null);
  const name = customer.name.trim();
  // As the server compares: both trimmed, letter for letter.
  const matches = typed.trim() === name;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!matches || erase.isPending) return;
    setError(null);
    setGeneral([]);
    erase.mutate(
      { id: customer.id, confirmation: typed.trim() },
      {
        onSuccess: (erased) => {
          notifications.show({
            color: 'teal',
            message: `Cliente anonimizado: ${messagesCount(erased.messages)}, ${filesRemoved(erased.mediaFiles)}.`,
          });
          onClose();
        },
        onError: (failure) => {
          const errors = formErrors(failure, { confirmation: 'confirmation' });
          setError(errors.fields.confirmation ?? null);
          setGeneral(errors.general);
          if (errors.fields.confirmation) field.current?.focus();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Atende ao pedido do titular para eliminar seus dados (LGPD, art. 18). <strong>Não pode ser desfeito.</strong>{' '}
          Se precisar entregar os dados à pessoa, baixe antes o relatório do titular.
        </Text>
        <ErasureSummary />
        <Text size="sm" c="dimmed">
          Se a pessoa escrever de novo, será um novo cliente.
        </Text>
        <FormAlert messages={general} />
        {name === '' ? (
          <Text size="sm">Este cliente não tem nome: confirme abaixo para anonimizá-lo.</Text>
        ) : (
          <TextInput
            ref={field}
            label="Digite o nome do cliente para confirmar"
            description={
              <>
                Exatamente: <strong className={classes.breakAnywhere}>{name}</strong>
              </>
            }
            autoComplete="off"
            spellCheck={false}
            value={typed}
            error={error}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              if (error) setError(null);
            }}
            data-autofocus
          />
        )}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onClose} disabled={erase.isPending}>
            Cancelar
          </Button>
          <Button
            type="submit"
            color="red.8"
            leftSection={<IconEraser size={16} aria-hidden />}
            disabled={!matches}
            loading={erase.isPending}
          >
            Anonimizar cliente
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
