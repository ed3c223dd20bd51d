/**
 * "Enviar contato": a contact card for the customer, who can save it or write to it from WhatsApp.
 * A name and 1 to 5 phones, each written with its country and area codes
 * ("+55 11 3000-1000"), checked here as the server does (8 to 15 digits; a phone given twice is
 * pointed out) and sent as `+` and the digits, which the card shows at once. One card per message.
 * "Enviar" hands the card to the composer and closes: the message then shows in the conversation
 * while it is sent, and a refusal (the server's `invalid_contacts`) shows on it, with its retry.
 */
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconSend, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import type { ContactSend } from '../api/send-message';
import { ComposerDialog } from './ComposerDialog';
import { INVALID_PHONE, normalizePhone } from './contact-phone';
import { focusFirstInvalid } from './focus';

/** What the server takes on one card. */
export const MAX_CONTACT_NAME = 100;
export const MAX_CARD_PHONES = 5;

export interface ContactDialogProps {
  opened: boolean;
  onClose: () => void;
  onSend: (contact: ContactSend) => void;
}

export function ContactDialog({ opened, onClose, onSend }: ContactDialogProps) {
  return (
    <ComposerDialog title="Enviar contato" opened={opened} onClose={onClose}>
      {() => <ContactForm onClose={onClose} onSend={onSend} />}
    </ComposerDialog>
  );
}

interface Phone {
  /** Keeps each field (and what is typed in it) in place when one above is removed. */
  key: number;
  value: string;
}

interface Values {
  name: string;
  phones: Phone[];
}

function phoneLabel(position: number): string {
  return position === 0 ? 'Telefone com DDI e DDD' : `Telefone ${position + 1}`;
}

let nextKey = 0;

function newPhone(): Phone {
  nextKey += 1;
  return { key: nextKey, value: '' };
}

function ContactForm({ onClose, onSend }: Omit<ContactDialogProps, 'opened'>) {
  const formId = useId();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', phones: [newPhone()] },
    validate: {
      name: (value) => {
        const name = value.trim();
        if (name === '') return 'Informe o nome do contato.';
        if (name.length > MAX_CONTACT_NAME) return `Use até ${MAX_CONTACT_NAME} caracteres.`;
        return null;
      },
      phones: {
        value: (value, values, path) => {
          if (value.trim() === '') return 'Informe o telefone com DDI e DDD.';
          const phone = normalizePhone(value);
          if (phone === null) return INVALID_PHONE;
          const position = Number(path.split('.')[1]);
          const earlier = values.phones.slice(0, position).some((other) => normalizePhone(other.value) === phone);
          return earlier ? 'Este telefone já está no contato.' : null;
        },
      },
    },
  });
  const phones = form.values.phones;

  function add() {
    form.insertListItem('phones', newPhone());
    // The new field, to type in (once it is rendered).
    window.setTimeout(() => document.getElementById(`${formId}-phone-${phones.length}`)?.focus(), 0);
  }

  function remove(position: number) {
    form.removeListItem('phones', position);
    const next = Math.max(0, position - 1);
    window.setTimeout(() => document.getElementById(`${formId}-phone-${next}`)?.focus(), 0);
  }

  function submit(values: Values) {
    const numbers = values.phones.map((phone) => normalizePhone(phone.value));
    if (numbers.some((phone) => phone === null)) return;
    onSend({ name: values.name.trim(), phones: numbers.filter((phone) => phone !== null) });
    onClose();
  }

  return (
    <form id={formId} onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formId))} noValidate>
      <Stack gap="md">
        <TextInput
          label="Nome"
          required
          maxLength={MAX_CONTACT_NAME}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Stack gap="xs">
          {phones.map((phone, position) => {
            const path = `phones.${position}.value`;
            const label = phoneLabel(position);
            return (
              <TextInput
                key={phone.key}
                id={`${formId}-phone-${position}`}
                label={label}
                placeholder="+55 11 3000-1000"
                description={position === 0 ? 'Com o código do país (55 no Brasil) e o DDD.' : undefined}
                required
                type="tel"
                inputMode="tel"
                autoComplete="off"
                {...form.getInputProps(path)}
                // Said once something was typed and left, or on "Enviar": not while the agent is typing.
                onBlur={() => {
                  if (phone.value.trim() !== '') form.validateField(path);
                }}
                rightSectionPointerEvents="all"
                rightSection={
                  phones.length > 1 ? (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remover telefone ${position + 1}`}
                      onClick={() => remove(position)}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  ) : undefined
                }
              />
            );
          })}
          {phones.length < MAX_CARD_PHONES ? (
            <Group>
              <Button variant="subtle" size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
                Adicionar telefone
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Até {MAX_CARD_PHONES} telefones por contato.
            </Text>
          )}
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" color="indigo.7" leftSection={<IconSend size={16} aria-hidden />}>
            Enviar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
