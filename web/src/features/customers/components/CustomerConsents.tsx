/**
 * "Consentimentos" in a customer's privacy section (docs/privacy.md#consent): each answer to the
 * consent question, newest first — "Aceito" or "Recusado", the version of the text, when, asked by
 * the bot or recorded by an attendant, the ticket it was given in — with the text as it was then,
 * folded ("Texto apresentado"); or "Nenhum consentimento registrado.".
 */
import { Anchor, Badge, Group, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/dates';
import type { ConsentAnswer } from '../api/schemas';
import classes from './customers.module.css';

export interface CustomerConsentsProps {
  /** Oldest first, as the server answers them. */
  consents: readonly ConsentAnswer[];
  ticketHref: (ticketId: number) => string;
  /** Space above the list (Mantine's spacing). */
  mt?: MantineSpacing;
}

function sourceText(source: string): string {
  if (source === 'bot') return 'pelo bot';
  if (source === 'agent') return 'por um atendente';
  return source;
}

export function CustomerConsents({ consents, ticketHref, mt }: CustomerConsentsProps) {
  const newestFirst = [...consents].reverse();
  return (
    <Stack gap="xs" mt={mt}>
      <Title order={4} size="h6">
        Consentimentos
      </Title>
      {newestFirst.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum consentimento registrado.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" className={classes.plainList} aria-label="Consentimentos do cliente">
          {newestFirst.map((consent, at) => (
            <li key={`${consent.answeredAt}-${at}`} data-testid="customer-consent">
              <Stack gap={4}>
                <Group gap="xs" wrap="wrap">
                  {consent.granted ? (
                    <Badge color="teal.9" variant="filled" leftSection={<IconCheck size={12} aria-hidden />}>
                      Aceito
                    </Badge>
                  ) : (
                    <Badge color="gray.7" variant="filled" leftSection={<IconX size={12} aria-hidden />}>
                      Recusado
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    Versão {consent.version} ·{' '}
                    <time dateTime={consent.answeredAt}>{formatDateTime(consent.answeredAt)}</time> ·{' '}
                    {sourceText(consent.source)}
                    {consent.ticketId != null ? (
                      <>
                        {' · '}
                        <Anchor component={Link} to={ticketHref(consent.ticketId)} size="xs">
                          ver atendimento
                        </Anchor>
                      </>
                    ) : null}
                  </Text>
                </Group>
                <details className={classes.consentText}>
                  <summary>Texto apresentado</summary>
                  <Text size="sm" m={0}>
                    {consent.text}
                  </Text>
                </details>
              </Stack>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
