/** A list's first load: grey rows in place of the rows to come, named for screen readers. */
import { Skeleton, Stack } from '@mantine/core';

export interface ListSkeletonProps {
  /** What is loading ("Carregando usuários"). */
  label: string;
  rows: number;
}

export function ListSkeleton({ label, rows }: ListSkeletonProps) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} height={52} radius="sm" />
      ))}
    </Stack>
  );
}
