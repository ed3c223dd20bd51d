/**
 * `/audit` ("Auditoria", a screen of route `users`): the company's audit log — who did what, when
 * and from where —, newest first, 50 at a time ("Carregar mais"). Filtered by author, operation and
 * period, the filters in the URL (filters.ts) so a filtered view can be reloaded and shared; a
 * filter the server refuses (422 `invalid_audit_filter`) is said under its field. The entries as a
 * table from md up and as cards below; "Exportar planilha" downloads what the filters match as
 * `.xlsx`. Nothing here changes the log: it cannot be altered or deleted.
 *
 * Two tabs: "Registro" (the log) and "Configurações" (AuditSettingsSection: what the log records
 * beyond the changes; RetentionSection: how long each kind of record is kept; ConsentSection: the
 * bot's LGPD consent step, docs/privacy.md#consent), the tab in the URL
 * (`?tab=retencao`, its value from when it held the retention alone, so older links still open it)
 * next to the filters, which it keeps. Only the tab shown is mounted (a hidden one would load what
 * nobody looks at).
 */
import { Alert, Stack, Tabs, Text } from '@mantine/core';
import { IconFilterOff, IconHistory, IconSettings } from '@tabler/icons-react';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DownloadButton } from '../../../components/DownloadButton';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { LoadMore } from '../../../components/LoadMore';
import { ResponsiveList } from '../../../components/ResponsiveList';
import { ApiError } from '../../../lib/http';
import { today } from '../../../lib/period';
import { AUDIT_SHEET_PATH, useAudit } from '../api/get-audit';
import { useAuditFilterOptions } from '../api/get-audit-filters';
import { auditQuery, filtersFromParams, hasFilters, paramsWithFilters, type AuditFilters } from '../filters';
import { entriesCount } from '../labels';
import { AuditEntryCard, AuditEntryRow } from './AuditEntryRow';
import { AuditFiltersBar, type AuditFilterErrors } from './AuditFiltersBar';
import { AuditSettingsSection } from './AuditSettingsSection';
import { ConsentSection } from './ConsentSection';
import { RetentionSection } from './RetentionSection';

const HEADERS = ['Quando', 'Quem', 'Ação', 'Onde', 'Origem'];

/** The fields of a 422 answer, as the filters name them. */
const FIELDS: Record<string, keyof AuditFilterErrors> = {
  userId: 'userId',
  action: 'action',
  from: 'period',
  to: 'period',
  period: 'period',
};

interface RefusedFilters {
  fields: AuditFilterErrors;
  /** What names no filter. */
  general: string[];
}

/**
 * Why the server refused the filters (a 422), by field; a refusal that names no filter is said by
 * the period, the one filter a person can get wrong. Null for any other error.
 */
function refusedFilters(error: unknown): RefusedFilters | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const fields: AuditFilterErrors = {};
  const general: string[] = [];
  for (const entry of error.errors) {
    const field = entry.field !== undefined ? FIELDS[entry.field] : undefined;
    if (!field) general.push(entry.message);
    else if (!fields[field]) fields[field] = entry.message;
    else if (!fields[field].includes(entry.message)) fields[field] = `${fields[field]} ${entry.message}`;
  }
  if (Object.keys(fields).length === 0 && general.length === 0) fields.period = error.message;
  return { fields, general };
}

function AuditLogPanel() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const entries = useAudit(filters);
  const options = useAuditFilterOptions();
  const refused = refusedFilters(entries.error);

  const change = useCallback(
    (next: Partial<AuditFilters>) =>
      setParams((current) => paramsWithFilters(current, { ...filtersFromParams(current), ...next }), {
        replace: true,
      }),
    [setParams],
  );

  const exportButton = (
    <DownloadButton
      label="Exportar planilha"
      title="Planilha de auditoria"
      path={AUDIT_SHEET_PATH}
      query={auditQuery(filters)}
      fallbackName={`auditoria-${today()}.xlsx`}
      disabled={refused !== null}
      variant="default"
    />
  );

  let content: ReactNode;
  if (entries.isPending) {
    content = <ListSkeleton label="Carregando registros" rows={6} />;
  } else if (refused) {
    content = (
      <Alert color="yellow" variant="light" icon={<IconFilterOff size={20} aria-hidden />}>
        <Stack gap={4}>
          <Text size="sm">Corrija os filtros para ver os registros.</Text>
          {refused.general.map((message) => (
            <Text key={message} size="sm">
              {message}
            </Text>
          ))}
        </Stack>
      </Alert>
    );
  } else if (entries.isError && !entries.data) {
    content = (
      <LoadError
        title="Não foi possível carregar a auditoria."
        error={entries.error}
        onRetry={() => void entries.refetch()}
        retrying={entries.isFetching}
      />
    );
  } else {
    const rows = entries.data?.pages.flatMap((page) => page.data) ?? [];
    content =
      rows.length === 0 ? (
        <EmptyState
          icon={IconHistory}
          title={hasFilters(filters) ? 'Nenhum registro para estes filtros.' : 'Nenhum registro ainda.'}
          description={
            hasFilters(filters)
              ? 'Mude ou limpe os filtros para ver outros registros.'
              : 'Cada alteração feita na empresa aparece aqui, com quem a fez, quando e de onde.'
          }
        />
      ) : (
        <>
          {entries.isError ? (
            <LoadError
              title="Não foi possível atualizar a lista."
              error={entries.error}
              onRetry={() => void entries.refetch()}
              retrying={entries.isFetching}
            />
          ) : null}
          <ResponsiveList
            items={rows}
            getKey={(entry) => entry.id}
            headers={HEADERS}
            label="Registros de auditoria"
            withActions={false}
            renderRow={(entry) => <AuditEntryRow entry={entry} />}
            renderCard={(entry) => <AuditEntryCard entry={entry} />}
            stale={entries.isPlaceholderData}
          />
          <Text size="sm" c="dimmed" ta="center" aria-live="polite">
            {entriesCount(rows.length)} {rows.length === 1 ? 'mostrado' : 'mostrados'}
            {entries.hasNextPage ? ' · há mais' : ''}
          </Text>
          <LoadMore query={entries} />
        </>
      );
  }

  return (
    <Stack gap="md">
      <AuditFiltersBar
        filters={filters}
        onChange={change}
        options={options.data}
        optionsLoading={options.isPending}
        errors={refused?.fields ?? {}}
        action={exportButton}
      />
      {options.isError ? (
        <Text size="sm" c="dimmed" role="status">
          Não foi possível carregar as opções dos filtros: {options.error.message}
        </Text>
      ) : null}
      {content}
    </Stack>
  );
}

/**
 * The URL's parameter of the tab, and the settings tab's value (the log's is the parameter absent):
 * `retencao`, as when the tab held the retention policy alone.
 */
const TAB_PARAM = 'tab';
const RETENTION_TAB = 'retencao';
type Tab = 'registro' | typeof RETENTION_TAB;

export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get(TAB_PARAM) === RETENTION_TAB ? RETENTION_TAB : 'registro';
  return (
    <Tabs
      value={tab}
      keepMounted={false}
      onChange={(value) =>
        setParams((current) => {
          const next = new URLSearchParams(current);
          if (value === RETENTION_TAB) next.set(TAB_PARAM, RETENTION_TAB);
          else next.delete(TAB_PARAM);
          return next;
        })
      }
    >
      <Tabs.List mb="md" aria-label="Auditoria">
        <Tabs.Tab value="registro" leftSection={<IconHistory size={16} aria-hidden />}>
          Registro
        </Tabs.Tab>
        <Tabs.Tab value={RETENTION_TAB} leftSection={<IconSettings size={16} aria-hidden />}>
          Configurações
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="registro">
        <AuditLogPanel />
      </Tabs.Panel>
      <Tabs.Panel value={RETENTION_TAB}>
        <Stack gap="md">
          <AuditSettingsSection />
          <RetentionSection />
          <ConsentSection />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
