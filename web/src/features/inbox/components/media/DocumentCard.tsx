/** A document: an icon by its type, its name, its size in pt-BR ("1,2 MB") and a download button. */
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { documentKind } from '../../../../lib/file-kind';
import type { Message } from '../../api/schemas';
import classes from './media.module.css';
import { formatBytes, mediaReady } from './format';
import { MediaState } from './MediaState';

export function DocumentCard({ message }: { message: Message }) {
  const media = message.media;
  if (!mediaReady(media)) return <MediaState media={media} />;
  const { icon: KindIcon, label } = documentKind(media.mimeType);
  const name = media.fileName ?? 'arquivo';
  return (
    <Group gap="sm" wrap="nowrap" className={classes.card} data-testid="document-card">
      <KindIcon size={32} role="img" aria-label={label} className={classes.icon} />
      <Stack gap={0} miw={0} flex={1}>
        <Text size="sm" fw={600} className={classes.wrap}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {[label, media.size != null ? formatBytes(media.size) : null].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <Tooltip label="Baixar">
        <ActionIcon
          component="a"
          href={media.downloadUrl ?? media.url}
          download={name}
          variant="default"
          size={36}
          aria-label={`Baixar ${name}`}
        >
          <IconDownload size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
