/**
 * The messages of a failed submit that belong to no field (the API's `message`, or errors whose
 * field the form does not show), above the form's fields. Renders nothing when there are none.
 */
import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export function FormAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {messages.map((message) => (
        <Text key={message} size="sm">
          {message}
        </Text>
      ))}
    </Alert>
  );
}
