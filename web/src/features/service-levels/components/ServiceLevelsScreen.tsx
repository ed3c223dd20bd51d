/**
 * /service-levels content (route `users`; docs/service-levels.md): the company's opening hours and
 * holidays ("Horário de atendimento", `GET/PUT /api/calendar`) — which every bot's "fora do
 * horário" and every SLA clock read — then the SLA targets of the default and of each department
 * ("Metas de atendimento (SLA)", `GET/PUT/DELETE /api/sla*`), counted in open time of that calendar.
 */
import { Stack } from '@mantine/core';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useCalendar } from '../api/get-calendar';
import { useSla } from '../api/get-sla';
import { CalendarSection } from './CalendarSection';
import { SlaSection } from './SlaSection';

export function ServiceLevelsScreen() {
  const calendar = useCalendar();
  const sla = useSla();
  return (
    <Stack gap="xl">
      {calendar.isPending ? (
        <ListSkeleton label="Carregando o horário de atendimento" rows={4} />
      ) : calendar.isError ? (
        <LoadError
          title="Não foi possível carregar o horário de atendimento."
          error={calendar.error}
          onRetry={() => void calendar.refetch()}
          retrying={calendar.isFetching}
        />
      ) : (
        <CalendarSection calendar={calendar.data} />
      )}
      {sla.isPending ? (
        <ListSkeleton label="Carregando as metas de atendimento" rows={3} />
      ) : sla.isError && !sla.data ? (
        <LoadError
          title="Não foi possível carregar as metas de atendimento."
          error={sla.error}
          onRetry={() => void sla.refetch()}
          retrying={sla.isFetching}
        />
      ) : (
        <SlaSection policies={sla.data.policies} />
      )}
    </Stack>
  );
}
