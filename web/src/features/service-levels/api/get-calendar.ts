/**
 * GET /api/calendar (any signed-in user; docs/service-levels.md#the-calendar) → `{businessHours,
 * holidays, updatedAt}`: when the company is open, in São Paulo time. No hours at all: always open.
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { serviceLevelKeys } from '../keys';
import { CalendarSchema, type Calendar } from './schemas';

export function getCalendar(): Promise<Calendar> {
  return http.get('/api/calendar', { schema: CalendarSchema });
}

export function useCalendar() {
  return useQuery({ queryKey: serviceLevelKeys.calendar(), queryFn: getCalendar });
}
