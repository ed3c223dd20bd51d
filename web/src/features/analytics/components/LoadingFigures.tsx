/** A dashboard's first load: grey cards where the figures and the first chart will be. */
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

export function LoadingFigures() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Carregando os números">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} height={120} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={300} radius="md" />
    </Stack>
  );
}
