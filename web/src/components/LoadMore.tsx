/**
 * "Carregar mais" under a keyset-paginated list (a TanStack infinite query): shown only while the
 * server says there is a next page, busy while it loads.
 */
import { Button, Group } from '@mantine/core';

export interface LoadMoreProps {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label?: string;
}

export function LoadMore({ query, label = 'Carregar mais' }: LoadMoreProps) {
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center">
      <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {label}
      </Button>
    </Group>
  );
}
