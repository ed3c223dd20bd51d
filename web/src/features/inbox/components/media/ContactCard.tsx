/**
 * Contact cards: each one's name, phones, and "Iniciar conversa" — the customers screen searching
 * that phone (`/customers?q=<digits>`), where the customer is found or told apart.
 */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { routePath } from '../../../../config/paths';
import type { ContactCard as Contact } from '../../api/schemas';
import { formatPhone } from '../../format';
import { phoneDigits } from './format';
import classes from './media.module.css';

export function ContactCards({ contacts }: { contacts: readonly Contact[] }) {
  return (
    <Stack gap="xs">
      {contacts.map((contact, index) => {
        const name = contact.name.trim() || 'Contato';
        const first = contact.phones[0];
        return (
          <Group
            key={index}
            gap="sm"
            wrap="nowrap"
            align="flex-start"
            className={classes.card}
            data-testid="contact-card"
          >
            <IconUser size={28} aria-hidden className={classes.icon} />
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={600} className={classes.wrap}>
                {name}
              </Text>
              {contact.phones.map((phone) => (
                <Text key={phone} size="xs" c="dimmed">
                  {formatPhone(phone)}
                </Text>
              ))}
              {first ? (
                <Anchor
                  component={Link}
                  to={`${routePath('customers')}?q=${phoneDigits(first)}`}
                  size="sm"
                  fw={600}
                  className={classes.link}
                  aria-label={`Iniciar conversa com ${name}`}
                >
                  Iniciar conversa
                </Anchor>
              ) : null}
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}
