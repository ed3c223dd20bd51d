/**
 * "Etiquetas" of a customer's detail (docs/tags.md): their tags as badges and the shared
 * "Etiquetas" picker (components/TagPicker), which puts one on or takes it off at once (POST
 * /api/customers/{id}/tags). The same control as the inbox's customer panel, written here because
 * a feature may not import another's (the inbox's keeps its own call and cache). The server decides
 * who may change them — those who see every ticket or one of the customer's — so the picker is
 * offered to all, and a refusal (403 `customer_tags_forbidden`) is said in a notification, the tags
 * left as they were.
 */
import { Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TagBadges } from '../../../components/TagBadge';
import { TagPicker } from '../../../components/TagPicker';
import { errorMessage } from '../../../lib/api-errors';
import { useTags, useTagsScreenPath, type TagRef } from '../../../lib/tags';
import { useChangeCustomerTags } from '../api/change-customer-tags';

export interface CustomerTagsEditorProps {
  customerId: number;
  tags: readonly TagRef[];
}

export function CustomerTagsEditor({ customerId, tags }: CustomerTagsEditorProps) {
  const all = useTags();
  const change = useChangeCustomerTags();
  const manageHref = useTagsScreenPath();
  return (
    <Stack gap="xs" data-testid="customer-tags">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={3} size="h5">
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
