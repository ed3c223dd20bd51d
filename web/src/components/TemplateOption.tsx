/**
 * One option of a select of message templates (the inbox's picker, a campaign's message): the
 * template's name and language, and its category in pt_BR.
 */
import { Badge, Group, Text } from '@mantine/core';
import { categoryLabel, type Template } from '../lib/message-templates';

export function TemplateOption({ template }: { template: Pick<Template, 'name' | 'language' | 'category'> }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
      <div>
        <Text size="sm">{template.name}</Text>
        <Text size="xs" c="dimmed">
          {template.language}
        </Text>
      </div>
      <Badge size="xs" variant="light" color="gray" flex="none">
        {categoryLabel(template.category)}
      </Badge>
    </Group>
  );
}
