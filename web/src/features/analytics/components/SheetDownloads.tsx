/**
 * The four sheets (docs/analytics.md#sheets) of the period: orders, attendances (one instance or
 * all, with or without the estimate for tickets still open), instance logs and closing reasons
 * (one reason or all). Each card downloads its `.xlsx` with its own progress.
 */
import { Paper, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useClosingReasonOptions, useSheetInstanceOptions } from '../api/get-filter-options';
import type { Period } from '../period';
import { fallbackFileName, SHEETS, sheetPath, sheetQuery, type SheetKind, type SheetOptions } from '../sheets';
import { DownloadButton } from './DownloadButton';

const ALL = 'all';

export function SheetDownloads({ period, enabled }: { period: Period; enabled: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }}>
      {SHEETS.map((sheet) => (
        <SheetCard key={sheet.kind} {...sheet} period={period} enabled={enabled} />
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
}

function SheetCard({ kind, title, description, fallbackName, period, enabled }: SheetCardProps) {
  const [options, setOptions] = useState<SheetOptions>({ websiteId: null, estimation: false, reasonId: null });
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
          {kind === 'attendances' ? <AttendanceOptions options={options} onChange={setOptions} /> : null}
          {kind === 'reasons' ? <ReasonOptions options={options} onChange={setOptions} /> : null}
        </Stack>
        <DownloadButton
          label="Baixar xlsx"
          title={`Planilha de ${title.toLowerCase()}`}
          path={sheetPath(kind)}
          query={sheetQuery(kind, period, options)}
          fallbackName={fallbackFileName(fallbackName, period)}
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

function AttendanceOptions({ options, onChange }: OptionsProps) {
  const instances = useSheetInstanceOptions();
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
      <Switch
        label="Estimar os tickets ainda abertos"
        description="Inclui os abertos no fim do período, com a resolução estimada (agora menos a abertura)."
        checked={options.estimation ?? false}
        onChange={(event) => onChange({ ...options, estimation: event.currentTarget.checked })}
      />
    </>
  );
}

function ReasonOptions({ options, onChange }: OptionsProps) {
  const reasons = useClosingReasonOptions();
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
