/**
 * "Histórico de uniões" of a customer's detail (only when there is one): each customer merged into
 * this one, newest first — who they were, who merged them and when, how many tickets and orders
 * came with them, and the identities they brought.
 */
import { Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/dates';
import type { CustomerMerge } from '../api/schemas';
import { addressLine, displayName, identityLabel, identityValue, ordersCount, ticketsCount } from '../format';
import classes from './customers.module.css';

export function CustomerMerges({ merges }: { merges: readonly CustomerMerge[] }) {
  if (merges.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="customer-merges">
      <Title order={3} size="h5">
        Histórico de uniões
      </Title>
      <Stack gap="sm" component="ul" className={classes.plainList} aria-label="Clientes incorporados">
        {merges.map((merge) => {
          const name = displayName({ name: merge.mergedName, phone: merge.mergedPhone });
          return (
            <li key={merge.id} data-testid={`customer-merge-${merge.id}`}>
              <Text size="sm" className={classes.breakAnywhere}>
                «{name}» ({addressLine(merge.mergedPhone)}) incorporado{merge.by ? ` por ${merge.by}` : ''} em{' '}
                <time dateTime={merge.createdAt}>{formatDateTime(merge.createdAt)}</time>, {ticketsCount(merge.tickets)}
                , {ordersCount(merge.orders)}
              </Text>
              {merge.identities.length > 0 ? (
                <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                  Identidades:{' '}
                  {merge.identities
                    .map((identity) => `${identityLabel(identity.kind)} ${identityValue(identity)}`)
                    .join('; ')}
                </Text>
              ) : null}
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
