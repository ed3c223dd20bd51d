/**
 * The period picker (presets: 7, 30, 90 dias, este mês, mês passado, or two dates) and, where the
 * screen filters by them, the instance and department pickers. What it changes goes to the URL
 * (use-dashboard-params.ts).
 */
import { Group, Select, TextInput } from '@mantine/core';
import { useSession } from '../../../lib/session';
import { useDepartmentOptions, useInstanceOptions } from '../api/get-filter-options';
import { PRESETS, today } from '../period';
import type { DashboardParams } from '../use-dashboard-params';

export interface PeriodFiltersProps {
  params: DashboardParams;
  /** Show the instance and department pickers. */
  withFilters?: boolean;
}

const ALL = 'all';

export function PeriodFilters({ params, withFilters = false }: PeriodFiltersProps) {
  const { period, preset, error, filters } = params;
  const max = today();
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        label="Período"
        data={PRESETS}
        value={preset}
        allowDeselect={false}
        onChange={(value) => value && params.setPreset(value)}
        w={{ base: '100%', sm: 190 }}
      />
      <TextInput
        type="date"
        label="De"
        value={period.from}
        max={period.to || max}
        onChange={(event) => params.setPeriod({ from: event.currentTarget.value, to: period.to })}
        error={error && error !== 'A data final é anterior à inicial.' ? error : undefined}
        w={{ base: 'calc(50% - 6px)', sm: 170 }}
      />
      <TextInput
        type="date"
        label="Até"
        value={period.to}
        min={period.from || undefined}
        max={max}
        onChange={(event) => params.setPeriod({ from: period.from, to: event.currentTarget.value })}
        error={error === 'A data final é anterior à inicial.' ? error : undefined}
        w={{ base: 'calc(50% - 6px)', sm: 170 }}
      />
      {withFilters ? <FilterSelects params={params} filters={filters} /> : null}
    </Group>
  );
}

function FilterSelects({ params, filters }: { params: DashboardParams; filters: DashboardParams['filters'] }) {
  const session = useSession();
  // GET /api/departments needs the route `users`: without it there is no department filter.
  const canListDepartments = session.permissionRoutes.includes('users');
  const instances = useInstanceOptions();
  const departments = useDepartmentOptions(canListDepartments);
  const instanceData = [
    { value: ALL, label: 'Todas as instâncias' },
    ...(instances.data ?? []).map((instance) => ({ value: String(instance.id), label: instance.name })),
  ];
  const departmentData = [
    { value: ALL, label: 'Todos os departamentos' },
    ...(departments.data ?? []).map((department) => ({ value: String(department.id), label: department.name })),
  ];
  return (
    <>
      <Select
        label="Instância"
        data={instanceData}
        value={filters.instanceId === null ? ALL : String(filters.instanceId)}
        allowDeselect={false}
        onChange={(value) => params.setFilter('instanceId', value && value !== ALL ? Number(value) : null)}
        error={instances.isError ? 'Não foi possível carregar as instâncias.' : undefined}
        disabled={instances.isPending}
        w={{ base: '100%', sm: 220 }}
      />
      {canListDepartments ? (
        <Select
          label="Departamento"
          data={departmentData}
          value={filters.departmentId === null ? ALL : String(filters.departmentId)}
          allowDeselect={false}
          onChange={(value) => params.setFilter('departmentId', value && value !== ALL ? Number(value) : null)}
          error={departments.isError ? 'Não foi possível carregar os departamentos.' : undefined}
          disabled={departments.isPending}
          w={{ base: '100%', sm: 220 }}
        />
      ) : null}
    </>
  );
}
