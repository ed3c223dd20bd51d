/**
 * "Identidades" of a customer's detail: every way WhatsApp knows them, oldest first — their phone,
 * the business-scoped user id Meta sends when a username hides the number (BSUID), a QR gateway's
 * linked id (LID) — each with when it was learned. Managers find "Unir com outro cliente…" here
 * (`action`): the same person known twice becomes one customer.
 */
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/dates';
import type { Identity } from '../api/schemas';
import { identityLabel, identityValue } from '../format';
import classes from './customers.module.css';

export interface CustomerIdentitiesProps {
  identities: readonly Identity[];
  /** Under the list (the merge button, for managers). */
  action?: ReactNode;
}

export function CustomerIdentities({ identities, action }: CustomerIdentitiesProps) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Identidades
      </Title>
      {identities.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma identidade informada.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" className={classes.plainList} aria-label="Identidades do cliente">
          {identities.map((identity) => (
            <li key={`${identity.kind}:${identity.value}`} data-testid="customer-identity">
              <Text size="xs" c="dimmed">
                {identityLabel(identity.kind)}
              </Text>
              <Text size="sm" className={classes.breakAnywhere}>
                {identityValue(identity)}
              </Text>
              <Text size="xs" c="dimmed">
                Registrada em <time dateTime={identity.createdAt}>{formatDateTime(identity.createdAt)}</time>
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {action}
    </Stack>
  );
}
