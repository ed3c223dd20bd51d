/**
 * A match's snippet: the message's words around what was found, each found word in `<mark>`. The
 * parts are rendered as text — never as HTML — so a message holding `<b>` shows those characters.
 */
import { Text } from '@mantine/core';
import { Fragment } from 'react';
import type { SnippetPart } from '../api/schemas';
import classes from './search.module.css';

export function Snippet({ parts }: { parts: readonly SnippetPart[] }) {
  if (parts.every((part) => part.text.trim() === '')) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        Mensagem sem texto
      </Text>
    );
  }
  return (
    <Text size="sm" className={classes.snippet} data-testid="snippet">
      {parts.map((part, index) =>
        part.hit ? (
          <mark key={index} className={classes.hit}>
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </Text>
  );
}
