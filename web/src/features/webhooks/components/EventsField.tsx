/**
 * The events an endpoint receives, chosen in their four groups (labels.ts: Tickets, Mensagens,
 * Clientes, Outros): a fieldset per group with a "Todos" box (checked when the whole group is,
 * mixed when part of it is) and one box per event, its pt_BR name, when it is sent and its type as
 * the server names it. One column on a phone, two from the `sm` breakpoint. An event the endpoint
 * has that this screen does not know stays in "Outros", under its own name, so saving keeps it.
 * The field is a named group; its error is said under the label and read with the group.
 */
import { Checkbox, Code, Fieldset, Input, SimpleGrid, Stack } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { WEBHOOK_EVENT_GROUPS, WEBHOOK_EVENTS, eventLabel, sortEvents, type WebhookEvent } from '../labels';

const KNOWN = new Set(WEBHOOK_EVENTS.map((event) => event.value));

export interface EventsFieldProps {
  label: string;
  description?: ReactNode;
  required?: boolean;
  value: string[];
  onChange: (value: string[]) => void;
  error?: ReactNode;
}

export function EventsField({ label, description, required, value, onChange, error }: EventsFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const chosen = new Set(value);
  // Unknown events, kept choosable under "Outros".
  const unknown: WebhookEvent[] = sortEvents(value.filter((event) => !KNOWN.has(event))).map((event) => ({
    value: event,
    label: eventLabel(event),
    description: 'Evento que esta tela não conhece.',
  }));

  function set(events: string[], on: boolean) {
    const next = new Set(value);
    for (const event of events) {
      if (on) next.add(event);
      else next.delete(event);
    }
    onChange(sortEvents([...next]));
  }

  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy || undefined}>
      <Input.Label id={labelId} labelElement="div" required={required}>
        {label}
      </Input.Label>
      {description ? <Input.Description id={descriptionId}>{description}</Input.Description> : null}
      {error ? (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      ) : null}
      <Stack gap="sm" mt="xs">
        {WEBHOOK_EVENT_GROUPS.map((group) => {
          const events = group.label === 'Outros' ? [...group.events, ...unknown] : group.events;
          const names = events.map((event) => event.value);
          const count = names.filter((name) => chosen.has(name)).length;
          return (
            <Fieldset key={group.label} legend={group.label} p="sm" pt="xs" radius="md">
              <Checkbox
                label="Todos"
                aria-label={`Todos os eventos de ${group.label}`}
                checked={count === names.length}
                indeterminate={count > 0 && count < names.length}
                onChange={(event) => set(names, event.currentTarget.checked)}
                mb="sm"
                fw={500}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                {events.map((event) => (
                  <Checkbox
                    key={event.value}
                    label={event.label}
                    description={
                      <>
                        {event.description} <Code fz="xs">{event.value}</Code>
                      </>
                    }
                    checked={chosen.has(event.value)}
                    onChange={(change) => set([event.value], change.currentTarget.checked)}
                    error={Boolean(error)}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
          );
        })}
      </Stack>
    </div>
  );
}
