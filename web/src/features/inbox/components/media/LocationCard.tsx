/** A location: its name and address (or the coordinates) and "Abrir no mapa" (OpenStreetMap, new tab). */
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { MessageLocation } from '../../api/schemas';
import { mapUrl } from './format';
import classes from './media.module.css';

const COORDINATE = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 5 });

export function LocationCard({ location }: { location: MessageLocation }) {
  const { latitude, longitude } = location;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.card} data-testid="location-card">
      <IconMapPin size={28} aria-hidden className={classes.icon} />
      <Stack gap={2} miw={0}>
        <Text size="sm" fw={600} className={classes.wrap}>
          {location.name ?? 'Localização'}
        </Text>
        {location.address ? (
          <Text size="xs" c="dimmed" className={classes.wrap}>
            {location.address}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {COORDINATE.format(latitude)}, {COORDINATE.format(longitude)}
          </Text>
        )}
        <Anchor
          href={mapUrl(latitude, longitude)}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          fw={600}
          className={classes.link}
        >
          Abrir no mapa
        </Anchor>
      </Stack>
    </Group>
  );
}
