/**
 * An administrator's settings card saved as a whole with its own button (the audit's "Retenção dos
 * registros" and "Consentimento no primeiro contato", the "Pesquisa de satisfação"): a bordered
 * form named by its heading, a short explanation, the last save's refusal that no field shows
 * (lib/api-errors.ts `alertText`) in an alert, the fields, and SettingsSaveBar. SettingsLoader
 * loads what a settings card edits (the audit's "O que registrar" too). One piece so those cards
 * look, submit, fail and load alike; the feature keeps its draft, its checks and its messages.
 */
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { LoadError } from './LoadError';

export interface SettingsCardProps {
  title: string;
  /** The dimmed explanation under the title. */
  description: ReactNode;
  /** What the last save's refusal said that no field shows; null when there is nothing to say. */
  failure: string | null;
  /** The alert's title ("Não foi possível salvar a política"). */
  failureTitle: string;
  /** The form was submitted (Enter in a field, or the save button): check, then save. */
  onSubmit: () => void;
  /** The fields, then SettingsSaveBar (and anything that goes under it). */
  children: ReactNode;
}

export function SettingsCard({ title, description, failure, failureTitle, onSubmit, children }: SettingsCardProps) {
  const titleId = useId();
  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {failure ? (
          <Alert color="red" variant="light" role="alert" title={failureTitle}>
            {failure}
          </Alert>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}

export interface SettingsSaveBarProps {
  /** The submit button's words ("Salvar", "Salvar consentimento"). */
  label: string;
  /** The draft differs from what the server holds: there is something to save (or discard). */
  changed: boolean;
  saving: boolean;
  /** Puts back what the server holds ("Descartar"); no such button without it. */
  onDiscard?: () => void;
}

/** The card's buttons, at its end: "Descartar" when the card offers it, then the submit button. */
export function SettingsSaveBar({ label, changed, saving, onDiscard }: SettingsSaveBarProps) {
  return (
    <Group justify="flex-end" gap="sm">
      {onDiscard ? (
        <Button variant="default" disabled={!changed || saving} onClick={onDiscard}>
          Descartar
        </Button>
      ) : null}
      <Button type="submit" loading={saving} disabled={!changed || saving}>
        {label}
      </Button>
    </Group>
  );
}

export interface SettingsLoaderProps<T> {
  query: UseQueryResult<T>;
  /** Names the placeholder for screen readers ("Carregando a política de retenção"). */
  loadingLabel: string;
  /** What could not be loaded ("Não foi possível carregar a política de retenção."). */
  errorTitle: string;
  /** The placeholder's title width and body height, about the card's. */
  skeleton: { titleWidth: string; height: number };
  /** The card, once the settings are loaded. */
  children: (data: T) => ReactNode;
}

/** A settings card's query: a named placeholder while it loads, its failure with "Tentar novamente", then the card. */
export function SettingsLoader<T>({ query, loadingLabel, errorTitle, skeleton, children }: SettingsLoaderProps<T>) {
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={loadingLabel}>
        <Skeleton height={28} width={skeleton.titleWidth} />
        <Skeleton height={skeleton.height} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}
