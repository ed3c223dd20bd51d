/**
 * The period picker (components/PeriodFields: presets, or two days typed or picked as DD/MM/AAAA)
 * and, where the screen filters by them, the instance and department pickers (GET
 * /api/dashboard/filters) and the tag picker (the tenant's tags, lib/tags.ts). What it changes goes
 * to the URL (use-dashboard-params.ts).
 */
import { Group, Select } from '@mantine/core';
import { PeriodFields } from '../../../components/PeriodFields';
import { TagSelect } from '../../../components/TagSelect';
import { useTags } from '../../../lib/tags';
import { useDashboardFilterOptions } from '../api/get-filter-options';
import type { NamedOption } from '../api/schemas';
import { isFeatureDisabled } from '../errors';
import type { DashboardParams } from '../use-dashboard-params';

export interface PeriodFiltersProps {
  params: DashboardParams;
  /** Show the instance and department pickers. */
  withFilters?: boolean;
  /** Show the tag picker too (the analytics dashboard). */
  withTags?: boolean;
}

const ALL = 'all';

export function PeriodFilters({ params, withFilters = false, withTags = false }: PeriodFiltersProps) {
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <PeriodFields choice={params} />
      {withFilters ? <FilterSelects params={params} filters={params.filters} /> : null}
      {withTags ? <TagFilterSelect params={params} /> : null}
    </Group>
  );
}

/** The tag filter (`tagId`): the tenant's tags, "Todas as etiquetas" first. */
function TagFilterSelect({ params }: { params: DashboardParams }) {
  const tags = useTags();
  return (
    <TagSelect
      label="Etiqueta"
      allLabel="Todas as etiquetas"
      tags={tags.data ?? []}
      value={params.filters.tagId}
      onChange={(tagId) => params.setFilter('tagId', tagId)}
      error={tags.isError ? 'Não foi possível carregar as etiquetas.' : undefined}
      disabled={tags.isPending}
      w={{ base: '100%', sm: 220 }}
    />
  );
}

function FilterSelects({ params, filters }: { params: DashboardParams; filters: DashboardParams['filters'] }) {
  // GET /api/dashboard/filters: open to every user of a dashboard, whatever other routes they hold.
  const options = useDashboardFilterOptions();
  // A tenant without `analytics` gets the screen's own message; the pickers need not repeat it.
  const failed = options.isError && !isFeatureDisabled(options.error);
  const instanceData = selectData(
    { value: ALL, label: 'Todas as instâncias' },
    options.data?.instances,
    filters.instanceId,
    'Instância',
  );
  const departmentData = selectData(
    { value: ALL, label: 'Todos os departamentos' },
    options.data?.departments,
    filters.departmentId,
    'Departamento',
  );
  return (
    <>
      <Select
        label="Instância"
        data={instanceData}
        value={filters.instanceId === null ? ALL : String(filters.instanceId)}
        allowDeselect={false}
        onChange={(value) => params.setFilter('instanceId', value && value !== ALL ? Number(value) : null)}
        error={failed ? 'Não foi possível carregar as instâncias.' : undefined}
        disabled={options.isPending}
        w={{ base: '100%', sm: 220 }}
      />
      <Select
        label="Departamento"
        data={departmentData}
        value={filters.departmentId === null ? ALL : String(filters.departmentId)}
        allowDeselect={false}
        onChange={(value) => params.setFilter('departmentId', value && value !== ALL ? Number(value) : null)}
        error={failed ? 'Não foi possível carregar os departamentos.' : undefined}
        disabled={options.isPending}
        w={{ base: '100%', sm: 220 }}
      />
    </>
  );
}

/**
 * The picker's options: "all", then the server's; a chosen id the list lacks (a department switched
 * off since, a link from elsewhere) stays offered by number, so the picker never hides a filter in use.
 */
function selectData(
  all: { value: string; label: string },
  options: readonly NamedOption[] | undefined,
  chosen: number | null,
  noun: string,
) {
  const data = [all, ...(options ?? []).map((option) => ({ value: String(option.id), label: option.name }))];
  if (chosen !== null && !data.some((option) => option.value === String(chosen))) {
    data.push({ value: String(chosen), label: `${noun} #${chosen}` });
  }
  return data;
}
