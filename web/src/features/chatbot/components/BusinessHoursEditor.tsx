/**
 * The bot's weekly calendar: a row per day, Domingo to Sábado, each with zero or more opening
 * intervals (start–end, São Paulo time) to add or remove; a day without any is closed ("Sem
 * horário"). No interval on any day means always open — said above the rows. Then the holidays:
 * dates the bot treats as closed all day.
 */
import { ActionIcon, Alert, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DateField } from '../../../components/DateField';
import { TimeField } from '../../../components/TimeField';
import { IconCalendarPlus, IconClockPlus, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { BotDraft } from '../draft';
import { newUid } from '../draft';
import { alwaysOpen, describeDay, WEEKDAYS } from '../hours';
import classes from './chatbot.module.css';

export interface CalendarProps {
  form: UseFormReturnType<BotDraft>;
  readOnly: boolean;
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

export function BusinessHoursEditor({ form, readOnly }: CalendarProps) {
  const days = form.values.hours;
  const open = alwaysOpen(days);
  return (
    <Stack gap="sm">
      <Alert variant="light" color={open ? 'indigo' : 'gray'} icon={<IconInfoCircle size={18} aria-hidden />}>
        <Text size="sm">
          {open
            ? 'Nenhum intervalo em nenhum dia: o bot considera a empresa sempre aberta.'
            : 'Fora destes intervalos (e nos feriados) o bot responde com a mensagem de fora do horário. Dias sem intervalo ficam fechados.'}
        </Text>
      </Alert>
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
                      {readOnly ? null : (
                        <Tooltip label="Remover intervalo">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            mt={4}
                            aria-label={`Remover o intervalo ${interval.start}–${interval.end} de ${dayName}`}
                            onClick={() => {
                              form.removeListItem(`hours.${weekday}`, index);
                              form.clearErrors();
                            }}
                          >
                            <IconX size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  );
                })}
              </Stack>
              {readOnly ? null : (
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
              )}
            </div>
          );
        })}
      </div>
      <Text size="xs" c="dimmed">
        Resumo: {days.map((day, weekday) => `${WEEKDAYS[weekday]?.slice(0, 3) ?? ''} ${describeDay(day)}`).join(' · ')}
      </Text>
    </Stack>
  );
}

export function HolidaysEditor({ form, readOnly }: CalendarProps) {
  const holidays = form.values.holidays;
  return (
    <Stack gap="xs">
      {holidays.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum feriado. Nos feriados o bot responde com a mensagem de fora do horário o dia todo.
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
                {readOnly ? null : (
                  <Tooltip label="Remover feriado">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      mt={4}
                      aria-label={`Remover o feriado ${index + 1}`}
                      onClick={() => {
                        form.removeListItem('holidays', index);
                        form.clearErrors();
                      }}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </li>
          ))}
        </ul>
      )}
      {readOnly ? null : (
        <Group>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconCalendarPlus size={16} />}
            onClick={() => form.insertListItem('holidays', { uid: newUid(), date: '' })}
          >
            Adicionar feriado
          </Button>
        </Group>
      )}
    </Stack>
  );
}
