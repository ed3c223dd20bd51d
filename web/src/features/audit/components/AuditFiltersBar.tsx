/**
 * The audit log's filters: "Pessoa ou integração" (the authors, an integration marked
 * "(integração)"), "Ação" (the operations, grouped by area) — both searchable and clearable — and
 * "Período" (one calendar: the first day, then the last). A filter the server refused (422
 * `invalid_audit_filter`) says why under its field. "Limpar filtros" while any is chosen; the sheet
 * of what they match at the end of the line.
 */
import { Button, Select, type ComboboxItem, type ComboboxItemGroup } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DateRangeField } from '../../../components/DateField';
import { ListToolbar } from '../../../components/ListToolbar';
import { today } from '../../../lib/period';
import type { AuditFilterOptions } from '../api/schemas';
import { hasFilters, NO_AUDIT_FILTERS, type AuditFilters } from '../filters';
import { actorLabel, areaLabel } from '../labels';
import classes from './audit.module.css';

/** Why the server refused the filters, by field (`period` for `from` and `to`). */
export interface AuditFilterErrors {
  userId?: string;
  action?: string;
  period?: string;
}

export interface AuditFiltersBarProps {
  filters: AuditFilters;
  onChange: (change: Partial<AuditFilters>) => void;
  /** What the filters offer; undefined while it loads (or when it failed). */
  options: AuditFilterOptions | undefined;
  optionsLoading: boolean;
  errors: AuditFilterErrors;
  /** The export button. */
  action: ReactNode;
}

/**
 * A long list scrolls in the listbox itself, not in a ScrollArea inside it: a listbox that scrolls
 * is the combobox's own popup (its options are reached with the arrow keys), where a scrolling area
 * without a role would be a region keyboard users cannot reach (axe `scrollable-region-focusable`).
 */
const SCROLLING_LIST = {
  withScrollArea: false,
  classNames: { options: classes.options },
  comboboxProps: { withinPortal: true },
} as const;

function actorData(options: AuditFilterOptions | undefined, userId: number | null): ComboboxItem[] {
  const data = (options?.actors ?? []).map((actor) => ({ value: String(actor.id), label: actorLabel(actor) }));
  // A chosen author the list does not name (gone since, a shared link) stays choosable.
  if (options && userId !== null && !data.some((item) => item.value === String(userId))) {
    data.push({ value: String(userId), label: `Usuário ${userId}` });
  }
  return data;
}

function actionData(options: AuditFilterOptions | undefined, action: string | null): ComboboxItemGroup<ComboboxItem>[] {
  const groups = new Map<string, ComboboxItem[]>();
  const seen = new Set<string>();
  const add = (group: string, item: ComboboxItem) => {
    if (seen.has(item.value)) return;
    seen.add(item.value);
    const items = groups.get(group) ?? [];
    items.push(item);
    groups.set(group, items);
  };
  for (const entry of options?.actions ?? []) {
    add(areaLabel(entry.area), { value: entry.action, label: entry.label || entry.action });
  }
  if (options && action !== null && !seen.has(action)) add(areaLabel(''), { value: action, label: action });
  return [...groups].map(([group, items]) => ({ group, items }));
}

export function AuditFiltersBar({ filters, onChange, options, optionsLoading, errors, action }: AuditFiltersBarProps) {
  const placeholder = optionsLoading ? 'Carregando…' : 'Todas';
  return (
    <ListToolbar filtersBasis="520px" action={action}>
      <Select
        label="Pessoa ou integração"
        placeholder={placeholder}
        data={actorData(options, filters.userId)}
        value={filters.userId === null ? null : String(filters.userId)}
        onChange={(value) => onChange({ userId: value === null ? null : Number(value) })}
        searchable
        clearable
        nothingFoundMessage="Ninguém com esse nome"
        error={errors.userId}
        w={{ base: '100%', sm: 230 }}
        {...SCROLLING_LIST}
      />
      <Select
        label="Ação"
        placeholder={placeholder}
        data={actionData(options, filters.action)}
        value={filters.action}
        onChange={(value) => onChange({ action: value })}
        searchable
        clearable
        nothingFoundMessage="Nenhuma ação com esse nome"
        error={errors.action}
        w={{ base: '100%', sm: 260 }}
        {...SCROLLING_LIST}
      />
      <DateRangeField
        label="Período"
        placeholder="Todo o período"
        value={{ from: filters.from ?? '', to: filters.to ?? '' }}
        onChange={({ from, to }) => onChange({ from: from || null, to: to || null })}
        maxDate={today()}
        clearable
        error={errors.period}
        w={{ base: '100%', sm: 240 }}
      />
      {hasFilters(filters) ? (
        <Button
          variant="subtle"
          className={classes.clear}
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => onChange(NO_AUDIT_FILTERS)}
        >
          Limpar filtros
        </Button>
      ) : null}
    </ListToolbar>
  );
}
