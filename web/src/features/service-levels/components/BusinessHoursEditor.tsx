/**
 * The company's weekly calendar: a row per day, Domingo to Sábado, each with zero or more opening
 * intervals (start–end, São Paulo time) to add or remove; a day without any is closed ("Sem
 * horário"). No interval on any day means always open — said above the rows, with a quick start
 * ("Segunda a sexta, 8h às 18h"). Then the holidays: dates the company is closed all day.
 */
import { ActionIcon, Alert, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendarPlus, IconClockPlus, IconInfoCircle, IconX } from '@tabler/icons-react';
import { DateField } from '../../../components/DateField';
import { TimeField } from '../../../components/TimeField';
import { newUid, withUids, type CalendarDraft } from '../calendar-draft';
import { alwaysOpen, describeDay, weekdaysPreset, WEEKDAYS } from '../hours';
import classes from './service-levels.module.css';

export interface CalendarProps {
  form: UseFormReturnType<CalendarDraft>;
}

/** A new interval for a day: after the day's last one, else a working morning-to-evening. */
function nextInterval(day: readonly { start: string; end: string }[]) {
  const last = day[day.length - 1];
  if (!last) return { uid: newUid(), start: '08:00', end: '18:00' };
  const [hours = 0] = last.end.split(':').map(Number);
  const start = `${String(Math.min(hours + 1, 22)).padStart(2, '0')}:00`;
  const end = `${String(Math.min(hours + 4, 23)).padStart(2, '0')}:${hours + 4 > 23 ? '59' : '00'}`;
  return { uid: newUid(), start, end };
}

export function BusinessHoursEditor({ form }: CalendarProps) {
  const days = form.values.hours;
  const open = alwaysOpen(days);
  const weekError = typeof form.errors.hours === 'string' ? form.errors.hours : null;
  return (
    <Stack gap="sm">
      {open ? (
        <Alert
          variant="light"
          color="indigo"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title="Sem horário definido"
          data-testid="always-open"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              A empresa é considerada sempre aberta: o bot nunca responde “fora do horário” e as metas de SLA contam
              todas as horas do dia. Adicione intervalos abaixo ou comece por um horário comercial.
            </Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconClockPlus size={16} aria-hidden />}
              onClick={() => {
                form.setFieldValue('hours', withUids(weekdaysPreset()));
                form.clearErrors();
              }}
            >
              Segunda a sexta, 8h às 18h
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          Fora destes intervalos (e nos feriados) a empresa está fechada: o bot responde com a mensagem de fora do
          horário e as metas de SLA param de contar. Dias sem intervalo ficam fechados.
        </Text>
      )}
      <div className={classes.week} role="group" aria-label="Horário de atendimento por dia da semana">
        {days.map((day, weekday) => {
          const dayName = WEEKDAYS[weekday] ?? `Dia ${weekday}`;
          return (
            <div key={dayName} className={classes.dayRow} data-testid={`weekday-${weekday}`}>
              <Text fw={600} size="sm" className={classes.dayName} id={`weekday-${weekday}`}>
                {dayName}
              </Text>
              <Stack gap={6} className={classes.dayIntervals}>
                {day.length === 0 ? (
                  <Text size="sm" c="dimmed" className={classes.closed}>
                    Sem horário
                  </Text>
                ) : null}
                {day.map((interval, index) => {
                  const path = `hours.${weekday}.${index}`;
                  const position = day.length > 1 ? ` ${index + 1}` : '';
                  return (
                    <Group key={interval.uid} gap={6} wrap="nowrap" align="flex-start">
                      <TimeField
                        aria-label={`${dayName}, início do intervalo${position}`}
                        size="sm"
                        className={classes.time}
                        {...form.getInputProps(`${path}.start`)}
                      />
                      <Text size="sm" mt={6} aria-hidden>
                        às
                      </Text>
                      <TimeField
                        aria-label={`${dayName}, fim do intervalo${position}`}
                        size="sm"
                        className={classes.time}
                        {...form.getInputProps(`${path}.end`)}
                      />
                      <Tooltip label="Remover intervalo">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size={30}
                          mt={2}
                          aria-label={`Remover o intervalo ${interval.start}–${interval.end} de ${dayName}`}
                          onClick={() => {
                            form.removeListItem(`hours.${weekday}`, index);
                            form.clearErrors();
                          }}
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  );
                })}
              </Stack>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconClockPlus size={16} aria-hidden />}
                aria-label={`Adicionar intervalo em ${dayName}`}
                onClick={() => form.insertListItem(`hours.${weekday}`, nextInterval(day))}
                className={classes.addInterval}
              >
                Intervalo
              </Button>
            </div>
          );
        })}
      </div>
      {weekError ? (
        <Text size="sm" c="red" role="alert">
          {weekError}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        Resumo: {days.map((day, weekday) => `${WEEKDAYS[weekday]?.slice(0, 3) ?? ''} ${describeDay(day)}`).join(' · ')}
      </Text>
    </Stack>
  );
}

export function HolidaysEditor({ form }: CalendarProps) {
  const holidays = form.values.holidays;
  const listError = typeof form.errors.holidays === 'string' ? form.errors.holidays : null;
  return (
    <Stack gap="xs">
      {holidays.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum feriado. Nos feriados a empresa fica fechada o dia todo.
        </Text>
      ) : (
        <ul className={classes.holidays} aria-label="Feriados">
          {holidays.map((holiday, index) => (
            <li key={holiday.uid}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <DateField
                  aria-label={`Feriado ${index + 1}`}
                  size="sm"
                  className={classes.date}
                  {...form.getInputProps(`holidays.${index}.date`)}
                />
                <Tooltip label="Remover feriado">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size={30}
                    mt={2}
                    aria-label={`Remover o feriado ${index + 1}`}
                    onClick={() => {
                      form.removeListItem('holidays', index);
                      form.clearErrors();
                    }}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </li>
          ))}
        </ul>
      )}
      {listError ? (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconCalendarPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('holidays', { uid: newUid(), date: '' })}
        >
          Adicionar feriado
        </Button>
      </Group>
    </Stack>
  );
}
