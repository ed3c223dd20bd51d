/**
 * PUT /api/calendar `{businessHours, holidays}` (route `users`) → the calendar as saved (hours by
 * weekday and start, holidays sorted, repeats removed). 422 `invalid_calendar` names each field
 * (`businessHours[1].end`, `businessHours[1].weekday`, `holidays[0]`, or `businessHours` /
 * `holidays` for their limits: 70 intervals, 100 holidays). Every bot's "fora do horário" and the
 * SLA clocks of tickets starting from now read it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { serviceLevelKeys } from '../keys';
import { CalendarSchema, type Calendar, type CalendarInput } from './schemas';

export function saveCalendar(calendar: CalendarInput): Promise<Calendar> {
  return http.put('/api/calendar', calendar, { schema: CalendarSchema });
}

export function useSaveCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCalendar,
    onSuccess: (saved) => queryClient.setQueryData(serviceLevelKeys.calendar(), saved),
  });
}
