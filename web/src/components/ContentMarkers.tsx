/**
 * What a quick reply or a scheduled message sends besides its text, as a list or a picker shows it:
 * the file (a paperclip, "Anexo" to a screen reader, and its name) and the approved template
 * ("Modelo" and its name). Nothing for a plain text.
 */
import { Badge, Group, Text } from '@mantine/core';
import { IconPaperclip, IconTemplate } from '@tabler/icons-react';

export interface ContentMarkersProps {
  attachment?: { fileName: string } | null;
  template?: { name: string } | null;
  size?: 'xs' | 'sm';
}

export function ContentMarkers({ attachment, template, size = 'xs' }: ContentMarkersProps) {
  if (!attachment && !template) return null;
  return (
    <Group gap={6} wrap="wrap" miw={0}>
      {attachment ? (
        <Group gap={4} wrap="nowrap" miw={0} data-testid="content-attachment">
          <IconPaperclip size={14} role="img" aria-label="Anexo" />
          <Text size={size} c="dimmed" truncate>
            {attachment.fileName}
          </Text>
        </Group>
      ) : null}
      {template ? (
        <Group gap={4} wrap="nowrap" miw={0} data-testid="content-template">
          <Badge size="xs" variant="light" color="grape" tt="none" leftSection={<IconTemplate size={12} aria-hidden />}>
            Modelo
          </Badge>
          <Text size={size} c="dimmed" truncate>
            {template.name}
          </Text>
        </Group>
      ) : null}
    </Group>
  );
}
