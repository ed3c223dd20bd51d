/**
 * The closing reasons shown by the screen's filter: the first load, a load error with a retry, the
 * empty states (no reason yet, or none matching), else the rows (a table from md up, cards below).
 */
import { Button } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconListCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { ResponsiveList } from '../../../components/ResponsiveList';
import type { ClosingReason } from '../api/get-closing-reasons';
import { ClosingReasonCard, ClosingReasonRow, type ReasonAction } from './ClosingReasonRow';

const HEADERS = ['Motivo', 'Situação'];

export interface ClosingReasonsListProps {
  reasons: UseQueryResult<ClosingReason[]>;
  /** The reasons the search and filter keep. */
  shown: readonly ClosingReason[];
  /** A search or filter is narrowing the list. */
  filtered: boolean;
  onClearFilters: () => void;
  onCreate: () => void;
  onAction: (action: ReasonAction) => void;
  /** The reason being activated now, if any. */
  busyId: number | null;
}

export function ClosingReasonsList({
  reasons,
  shown,
  filtered,
  onClearFilters,
  onCreate,
  onAction,
  busyId,
}: ClosingReasonsListProps) {
  if (reasons.isPending) return <ListSkeleton label="Carregando motivos de encerramento" rows={4} />;
  if (reasons.isError && !reasons.data) {
    return (
      <LoadError
        title="Não foi possível carregar os motivos de encerramento."
        error={reasons.error}
        onRetry={() => void reasons.refetch()}
        retrying={reasons.isFetching}
      />
    );
  }
  if (reasons.data.length === 0) {
    return (
      <EmptyState
        icon={IconListCheck}
        title="Nenhum motivo cadastrado"
        description="Quem encerra um atendimento escolhe um motivo: crie o primeiro."
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={onCreate}>
            Novo motivo
          </Button>
        }
      />
    );
  }
  if (shown.length === 0 && filtered) {
    return (
      <EmptyState
        icon={IconSearch}
        title="Nenhum motivo encontrado"
        description="Nenhum motivo corresponde à busca e ao filtro escolhidos."
        actions={
          <Button variant="light" onClick={onClearFilters}>
            Mostrar todos
          </Button>
        }
      />
    );
  }
  return (
    <>
      {reasons.isError ? (
        <LoadError
          title="Não foi possível atualizar a lista."
          error={reasons.error}
          onRetry={() => void reasons.refetch()}
          retrying={reasons.isFetching}
        />
      ) : null}
      <ResponsiveList
        items={shown}
        getKey={(reason) => reason.id}
        headers={HEADERS}
        renderRow={(reason) => <ClosingReasonRow reason={reason} onAction={onAction} busy={busyId === reason.id} />}
        renderCard={(reason) => <ClosingReasonCard reason={reason} onAction={onAction} busy={busyId === reason.id} />}
      />
    </>
  );
}
