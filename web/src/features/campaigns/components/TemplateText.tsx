/**
 * A template's text as the customer will read it, in a message bubble: its header (bold), the body
 * and its footer (dimmed), each `{{n}}` replaced by the parameter's value as typed — recipient
 * variables such as `{{nome}}` show as written, each recipient gets their own — and marked as
 * `{{n}}` while empty. Read-only: the form's live preview and a campaign's detail.
 */
import { Badge, Group, Text } from '@mantine/core';
import { Fragment, useId } from 'react';
import { categoryLabel, templateParts } from '../../../lib/message-templates';
import classes from './campaigns.module.css';

export interface TemplateTextProps {
  header?: string | null;
  body: string;
  footer?: string | null;
  /** `values[i]` fills `{{i+1}}`. */
  values: readonly string[];
  /** Shown above the bubble ("Prévia"). */
  title: string;
  category?: string | null;
}

function Filled({ text, values }: { text: string; values: readonly string[] }) {
  return templateParts(text, values).map((part, position) =>
    'text' in part ? (
      <Fragment key={position}>{part.text}</Fragment>
    ) : part.value === null ? (
      <mark key={position} className={classes.placeholder}>{`{{${part.index}}}`}</mark>
    ) : (
      <span key={position}>{part.value}</span>
    ),
  );
}

export function TemplateText({ header, body, footer, values, title, category }: TemplateTextProps) {
  const titleId = useId();
  return (
    <div>
      <Group gap={6} mb={4}>
        <Text size="xs" c="dimmed" id={titleId}>
          {title}
        </Text>
        {category ? (
          <Badge size="xs" variant="light" color="gray">
            {categoryLabel(category)}
          </Badge>
        ) : null}
      </Group>
      <div className={classes.bubble} role="group" aria-labelledby={titleId} data-testid="template-text">
        {header ? (
          <Text size="sm" fw={700} className={classes.messageText}>
            <Filled text={header} values={values} />
          </Text>
        ) : null}
        <Text size="sm" className={classes.messageText}>
          <Filled text={body} values={values} />
        </Text>
        {footer ? (
          <Text size="xs" c="dimmed" mt={4} className={classes.messageText}>
            <Filled text={footer} values={values} />
          </Text>
        ) : null}
      </div>
    </div>
  );
}
