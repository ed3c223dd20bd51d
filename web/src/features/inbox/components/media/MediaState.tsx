/** An attachment that is not there yet ("carregando mídia…") or will not be ("mídia indisponível"). */
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import type { Media } from '../../api/schemas';
import classes from './media.module.css';

export function MediaState({ media }: { media: Media | null | undefined }) {
  if (media?.status === 'failed') {
    return (
      <Group gap={6} wrap="nowrap" align="flex-start" className={classes.unavailable} data-testid="media-failed">
        <IconPhotoOff size={18} aria-hidden className={classes.icon} />
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            mídia indisponível
          </Text>
          {media.error ? (
            <Text size="xs" c="dimmed" className={classes.wrap}>
              {media.error}
            </Text>
          ) : null}
        </Stack>
      </Group>
    );
  }
  return (
    <Stack gap={4} role="status" data-testid="media-pending">
      <Skeleton height={120} width={200} maw="100%" radius="sm" animate />
      <Text size="xs" c="dimmed">
        carregando mídia…
      </Text>
    </Stack>
  );
}
