/**
 * The survey's settings (route `users`): GET /api/survey, PUT /api/survey with the same body → the
 * saved settings, or 422 `invalid_survey` with `errors[{field: question|thanks|answerMinutes}]`.
 * The departments it may leave out come from GET /api/departments (the active ones).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { satisfactionKeys } from '../keys';
import { SurveySettingsSchema, type SurveySettings } from './schemas';

export function getSurveySettings(): Promise<SurveySettings> {
  return http.get('/api/survey', { schema: SurveySettingsSchema });
}

export function useSurveySettings() {
  return useQuery({ queryKey: satisfactionKeys.settings(), queryFn: getSurveySettings });
}

export function saveSurveySettings(settings: SurveySettings): Promise<SurveySettings> {
  return http.put('/api/survey', settings, { schema: SurveySettingsSchema });
}

export function useSaveSurveySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSurveySettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(satisfactionKeys.settings(), saved);
      return queryClient.invalidateQueries({ queryKey: [...satisfactionKeys.all(), 'report'] });
    },
  });
}

const DepartmentSchema = z.object({ id: z.number(), name: z.string(), activated: z._default(z.boolean(), true) });

export interface SurveyDepartment {
  id: number;
  name: string;
  activated: boolean;
}

export function getSurveyDepartments(): Promise<SurveyDepartment[]> {
  return http.get('/api/departments', { schema: z.array(DepartmentSchema) });
}

export function useSurveyDepartments() {
  return useQuery({
    queryKey: satisfactionKeys.departments(),
    queryFn: getSurveyDepartments,
    staleTime: 5 * 60 * 1000,
  });
}
