/**
 * The four sheets (docs/analytics.md#sheets) of a period: orders, attendances (one instance or
 * all, one tag or all, with or without the estimate for tickets still open), instance logs and
 * closing reasons (one reason or all). Each card downloads its `.xlsx` with its own progress.
 * Shared by the report screen (the caller's own tenant) and the tenants screen's "Baixar
 * planilhas" (an operator, for `tenant`); each passes the pickers' choices it can read.
 */
import { Paper, Select, SimpleGrid, Stack, Switch, Text, Title, type SimpleGridProps } from '@mantine/core';
import { useId, useState } from 'react';
import type { Period } from '../lib/period';
import type { TagRef } from '../lib/tags';
import {
  fallbackFileName,
  SHEETS,
  sheetPath,
  sheetQuery,
  type SheetChoices,
  type SheetKind,
  type SheetOptions,
  type SheetTenant,
} from '../lib/sheets';
import { DownloadButton } from './DownloadButton';
import { TagSelect } from './TagSelect';

const ALL = 'all';

export interface SheetDownloadsProps {
  period: Period;
  /** False while the period cannot be asked for (the buttons are disabled). */
  enabled: boolean;
  /** The attendances sheet's instances. */
  instances: SheetChoices;
  /**
   * The reasons sheet's closing reasons; null when none can be listed (another tenant's: no call
   * lists them), and the sheet then covers every reason.
   */
  reasons: SheetChoices | null;
  /**
   * The attendances sheet's tags (lib/tags.ts `useTags`); absent or null when they cannot be listed
   * (another tenant's): no tag picker, every ticket.
   */
  tags?: SheetTags | null;
  /** The tenant an operator downloads for; absent: the caller's own. */
  tenant?: SheetTenant | null;
  cols?: SimpleGridProps['cols'];
}

/** The tags a picker offers: a query's state. */
export interface SheetTags {
  data?: readonly TagRef[] | undefined;
  isError: boolean;
}

export function SheetDownloads({
  period,
  enabled,
  instances,
  reasons,
  tags = null,
  tenant = null,
  cols = { base: 1, sm: 2, xl: 4 },
}: SheetDownloadsProps) {
  return (
    <SimpleGrid cols={cols}>
      {SHEETS.map((sheet) => (
        <SheetCard
          key={sheet.kind}
          {...sheet}
          period={period}
          enabled={enabled}
          instances={instances}
          reasons={reasons}
          tags={tags}
          tenant={tenant}
        />
      ))}
    </SimpleGrid>
  );
}

interface SheetCardProps {
  kind: SheetKind;
  title: string;
  description: string;
  fallbackName: string;
  period: Period;
  enabled: boolean;
  instances: SheetChoices;
  reasons: SheetChoices | null;
  tags: SheetTags | null;
  tenant: SheetTenant | null;
}

function SheetCard({
  kind,
  title,
  description,
  fallbackName,
  period,
  enabled,
  instances,
  reasons,
  tags,
  tenant,
}: SheetCardProps) {
  const [options, setOptions] = useState<SheetOptions>({
    websiteId: null,
    estimation: false,
    reasonId: null,
    tagId: null,
  });
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md">
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="xs">
          <Title order={3} size="h5" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
          {kind === 'attendances' ? (
            <AttendanceOptions options={options} onChange={setOptions} instances={instances} tags={tags} />
          ) : null}
          {kind === 'reasons' ? <ReasonOptions options={options} onChange={setOptions} reasons={reasons} /> : null}
        </Stack>
        <DownloadButton
          label="Baixar xlsx"
          title={`Planilha de ${title.toLowerCase()}${tenant ? ` de ${tenant.name}` : ''}`}
          path={sheetPath(kind)}
          query={sheetQuery(kind, period, options, tenant)}
          fallbackName={fallbackFileName(fallbackName, period, tenant)}
          disabled={!enabled}
        />
      </Stack>
    </Paper>
  );
}

interface OptionsProps {
  options: SheetOptions;
  onChange: (options: SheetOptions) => void;
}

function AttendanceOptions({
  options,
  onChange,
  instances,
  tags,
}: OptionsProps & { instances: SheetChoices; tags: SheetTags | null }) {
  return (
    <>
      <Select
        label="Instância"
        data={[
          { value: ALL, label: 'Todas as instâncias' },
          ...(instances.data ?? []).map((instance) => ({ value: String(instance.id), label: instance.name })),
        ]}
        value={options.websiteId == null ? ALL : String(options.websiteId)}
        allowDeselect={false}
        onChange={(value) => onChange({ ...options, websiteId: value && value !== ALL ? Number(value) : null })}
        error={instances.isError ? 'Não foi possível carregar as instâncias.' : undefined}
      />
      {tags ? (
        <TagSelect
          label="Etiqueta"
          allLabel="Todas as etiquetas"
          tags={tags.data ?? []}
          value={options.tagId ?? null}
          onChange={(tagId) => onChange({ ...options, tagId })}
          error={tags.isError ? 'Não foi possível carregar as etiquetas.' : undefined}
        />
      ) : null}
      <Switch
        label="Estimar os tickets ainda abertos"
        description="Inclui os abertos no fim do período, com a resolução estimada (agora menos a abertura)."
        checked={options.estimation ?? false}
        onChange={(event) => onChange({ ...options, estimation: event.currentTarget.checked })}
      />
    </>
  );
}

function ReasonOptions({ options, onChange, reasons }: OptionsProps & { reasons: SheetChoices | null }) {
  if (reasons === null) {
    return (
      <Text size="sm">
        Todos os motivos: a lista de motivos de outra empresa não pode ser consultada daqui. A planilha traz o motivo de
        cada ticket.
      </Text>
    );
  }
  return (
    <Select
      label="Motivo de encerramento"
      data={[
        { value: ALL, label: 'Todos os motivos' },
        ...(reasons.data ?? []).map((reason) => ({ value: String(reason.id), label: reason.name })),
      ]}
      value={options.reasonId == null ? ALL : String(options.reasonId)}
      allowDeselect={false}
      onChange={(value) => onChange({ ...options, reasonId: value && value !== ALL ? Number(value) : null })}
      error={reasons.isError ? 'Não foi possível carregar os motivos de encerramento.' : undefined}
    />
  );
}
