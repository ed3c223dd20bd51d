/**
 * A customer's "Etiquetas" (docs/tags.md) where they are seen and changed — the customers screen's
 * detail and the inbox's customer panel: their badges and the shared picker (TagPicker), which puts
 * one on or takes it off at once (lib/tags.ts `changeCustomerTags`). One control for both, so they
 * cannot drift apart; each screen keeps its own cache and hands in how the answer is written there.
 * The server decides who may change them, so the picker is offered to all, and a refusal (403
 * `customer_tags_forbidden`) is said in a notification, the tags left as they were.
 */
import { Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { errorMessage } from '../lib/api-errors';
import { changeCustomerTags, useTags, useTagsScreenPath, type TagRef } from '../lib/tags';
import { TagBadges } from './TagBadge';
import { TagPicker } from './TagPicker';

export interface CustomerTagsEditorProps {
  customerId: number;
  tags: readonly TagRef[];
  headingOrder: 3 | 4;
  /** The inbox's customer panel: closer together, a smaller heading. */
  compact?: boolean;
  /** Writes the customer's tags as the server answered them into the screen's own cache. */
  onChanged: (queryClient: QueryClient, customerId: number, tags: TagRef[]) => void;
}

export function CustomerTagsEditor({
  customerId,
  tags,
  headingOrder,
  compact = false,
  onChanged,
}: CustomerTagsEditorProps) {
  const queryClient = useQueryClient();
  const all = useTags();
  const change = useMutation({
    mutationFn: changeCustomerTags,
    onSuccess: (answer, { customerId: id }) => onChanged(queryClient, id, answer),
  });
  const manageHref = useTagsScreenPath();
  return (
    <Stack gap={compact ? 6 : 'xs'} data-testid="customer-tags">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={headingOrder} size={compact ? 'h6' : 'h5'}>
          Etiquetas
        </Title>
        <TagPicker
          tags={all.data}
          failed={all.isError}
          selected={tags}
          label="Etiquetas do cliente"
          busy={change.isPending}
          manageHref={manageHref}
          onChange={({ add, remove }) =>
            change.mutate(
              { customerId, add, remove },
              {
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    title: 'Não foi possível mudar as etiquetas do cliente',
                    message: errorMessage(error),
                  }),
              },
            )
          }
        />
      </Group>
      {tags.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma etiqueta.
        </Text>
      ) : (
        <TagBadges tags={tags} label="Etiquetas do cliente" />
      )}
    </Stack>
  );
}
