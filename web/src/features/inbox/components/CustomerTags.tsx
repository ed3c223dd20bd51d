/**
 * The customer's tags in the customer panel (docs/tags.md): their badges and an "Etiquetas" picker
 * that puts one on or takes it off at once (POST /api/customers/{id}/tags). Administrators,
 * supervisors and whoever serves the customer may change them; anyone else's refusal (403
 * `customer_tags_forbidden`) is said in a notification.
 */
import { Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TagBadges } from '../../../components/TagBadge';
import { TagPicker } from '../../../components/TagPicker';
import { errorMessage } from '../../../lib/api-errors';
import { useTags, useTagsScreenPath, type TagRef } from '../../../lib/tags';
import { useChangeCustomerTags } from '../api/change-customer-tags';

export interface CustomerTagsProps {
  customerId: number;
  tags: readonly TagRef[];
  headingOrder: 3 | 4;
}

export function CustomerTags({ customerId, tags, headingOrder }: CustomerTagsProps) {
  const all = useTags();
  const change = useChangeCustomerTags();
  const manageHref = useTagsScreenPath();
  return (
    <Stack gap={6} data-testid="customer-tags">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={headingOrder} size="h6">
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
