/**
 * What a template will look like to the customer, as the bubble of a message of ours: its header,
 * the body with each `{{n}}` replaced by what was typed (highlighted as `{{n}}` while empty), and
 * its footer. Read-only.
 */
import { Badge, Group, Text } from '@mantine/core';
import { Fragment, useId } from 'react';
import { categoryLabel, templateParts, type Template } from '../../../lib/message-templates';
import classes from './composer.module.css';

export function TemplatePreview({ template, values }: { template: Template; values: readonly string[] }) {
  const title = useId();
  return (
    <div>
      <Group gap={6} mb={4}>
        <Text size="xs" c="dimmed" id={title}>
          Prévia
        </Text>
        <Badge size="xs" variant="light" color="gray">
          {categoryLabel(template.category)}
        </Badge>
      </Group>
      <div className={classes.templateBubble} role="group" aria-labelledby={title} data-testid="template-preview">
        {template.header ? (
          <Text size="sm" fw={700}>
            {template.header}
          </Text>
        ) : null}
        <Text size="sm" className={classes.templateBody}>
          {templateParts(template.body, values).map((part, position) =>
            'text' in part ? (
              <Fragment key={position}>{part.text}</Fragment>
            ) : part.value === null ? (
              <mark key={position} className={classes.placeholder}>{`{{${part.index}}}`}</mark>
            ) : (
              <span key={position}>{part.value}</span>
            ),
          )}
        </Text>
        {template.footer ? (
          <Text size="xs" c="dimmed" mt={4}>
            {template.footer}
          </Text>
        ) : null}
      </div>
    </div>
  );
}
