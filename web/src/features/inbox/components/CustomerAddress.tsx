/**
 * A customer's address where the inbox shows a phone: the phone formatted, or — when WhatsApp hides
 * the number (a username) — "Número oculto" with the id that stands for it (BSUID or LID) below,
 * small and dimmed (../format.ts `formatAddress`). Takes the font size of where it sits.
 */
import { Text } from '@mantine/core';
import { formatAddress } from '../format';
import classes from './Inbox.module.css';

export function CustomerAddress({ address }: { address: string }) {
  const { text, id } = formatAddress(address);
  if (id === null) return <span>{text}</span>;
  return (
    <span className={classes.address}>
      <span>{text}</span>
      <Text span size="xs" c="dimmed" className={classes.breakAnywhere}>
        ID: {id}
      </Text>
    </span>
  );
}
