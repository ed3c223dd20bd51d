/**
 * "Horário de atendimento": the company's one calendar (`GET/PUT /api/calendar`) — the week's
 * opening intervals and the holidays — which every bot's "fora do horário" and every SLA clock read.
 * A form (`@mantine/form`, ../calendar-draft.ts) checked before saving; the server's 422 field
 * errors go under the fields they name and the first one takes the focus. Saved, the editor starts
 * again from what the server answered. Leaving with unsaved changes asks first (the router's blocker,
 * and `beforeunload`).
 */
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { FormAlert } from '../../../components/FormAlert';
import { formErrors } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import type { Calendar } from '../api/schemas';
import { useSaveCalendar } from '../api/save-calendar';
import { serverFieldMap, toDraft, toInput, validateCalendar, type CalendarDraft } from '../calendar-draft';
import { alwaysOpen } from '../hours';
import { BusinessHoursEditor, HolidaysEditor } from './BusinessHoursEditor';
import classes from './service-levels.module.css';

const TITLE_ID = 'service-levels-calendar-title';

/** Focus the first field the form marked invalid (after it re-rendered). */
function focusFirstError() {
  window.setTimeout(() => {
    document.querySelector<HTMLElement>('[data-calendar-form] [aria-invalid="true"]')?.focus();
  }, 0);
}

function savedText(calendar: Calendar): string {
  return calendar.updatedAt ? `Salvo em ${formatDateTime(calendar.updatedAt)}` : 'Nunca definido';
}

export interface CalendarEditorProps {
  calendar: Calendar;
}

export function CalendarEditor({ calendar }: CalendarEditorProps) {
  const [initial] = useState(() => toDraft(calendar));
  const form = useForm<CalendarDraft>({ mode: 'controlled', initialValues: initial, validate: validateCalendar });
  const save = useSaveCalendar();
  const [general, setGeneral] = useState<string[]>([]);
  const dirty = form.isDirty();

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !save.isPending &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function submit(values: CalendarDraft) {
    setGeneral([]);
    save.mutate(toInput(values), {
      onSuccess: (saved) => {
        // The editor starts again from what the server saved (sorted, repeats removed).
        const next = toDraft(saved);
        form.setInitialValues(next);
        form.setValues(next);
        form.resetDirty(next);
        notifications.show({
          color: 'teal',
          title: 'Horário de atendimento salvo',
          message: alwaysOpen(toDraft(saved).hours)
            ? 'Sem horário definido: a empresa é considerada sempre aberta, para o bot e para as metas de SLA.'
            : 'O bot e as metas de SLA já seguem o novo horário.',
        });
      },
      onError: (error) => {
        const errors = formErrors(error, serverFieldMap(form.getValues()));
        form.setErrors(errors.fields);
        setGeneral(errors.general);
        if (Object.keys(errors.fields).length > 0) focusFirstError();
        notifications.show({ color: 'red', title: 'Não foi possível salvar o horário', message: errors.message });
      },
    });
  }

  function invalid() {
    notifications.show({
      color: 'red',
      title: 'Confira o horário',
      message: 'Alguns campos precisam de correção; eles estão destacados.',
    });
    focusFirstError();
  }

  return (
    <form onSubmit={form.onSubmit(submit, invalid)} noValidate data-calendar-form>
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap" className={classes.saveBar}>
          <Text
            size="sm"
            c={dirty ? undefined : 'dimmed'}
            fw={dirty ? 600 : undefined}
            aria-live="polite"
            className={classes.saveStatus}
          >
            {dirty ? 'Alterações não salvas' : savedText(calendar)}
          </Text>
          <Group gap="xs" wrap="nowrap" className={classes.saveButtons}>
            <Button
              variant="default"
              size="sm"
              disabled={!dirty || save.isPending}
              onClick={() => {
                form.reset();
                setGeneral([]);
              }}
            >
              Descartar
            </Button>
            <Button
              type="submit"
              size="sm"
              loading={save.isPending}
              disabled={!dirty}
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            >
              Salvar horário
            </Button>
          </Group>
        </Group>
        <FormAlert messages={general} />
        <BusinessHoursEditor form={form} />
        <Title order={3} size="h5" mt="xs">
          Feriados
        </Title>
        <HolidaysEditor form={form} />
      </Stack>
      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title="Sair sem salvar?" centered>
        <Stack gap="lg">
          <Text size="sm">As alterações no horário de atendimento ainda não foram salvas e serão perdidas.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
              Continuar editando
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Sair sem salvar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

export interface CalendarSectionProps {
  calendar: Calendar;
}

export function CalendarSection({ calendar }: CalendarSectionProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={TITLE_ID}>
            Horário de atendimento
          </Title>
          <Text size="sm" c="dimmed">
            Em horário de São Paulo, para a empresa toda: fora dele o bot responde com a mensagem de fora do horário, e
            as metas de SLA só contam o tempo em que a empresa está aberta.
          </Text>
        </div>
        <CalendarEditor calendar={calendar} />
      </Stack>
    </Paper>
  );
}
