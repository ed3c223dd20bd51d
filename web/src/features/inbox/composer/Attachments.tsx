/**
 * The tray of files waiting to be sent: each with its name and size, a caption field (not for a
 * voice note, which has a player to hear it first), its upload's progress, why the channel or the
 * server refuses it, and a button to take it out. A quick reply's file (already on the server)
 * shows the same way, its icon by type, saying which reply it comes from.
 */
import { ActionIcon, Group, Progress, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconMicrophone, IconPaperclip, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { MAX_MESSAGE_LENGTH } from '../api/send-message';
import { fileKind } from '../../../lib/file-kind';
import { formatBytes } from '../components/media/format';
import classes from './composer.module.css';
import { pendingName, pendingSize, type AttachmentsState, type PendingFile } from './use-attachments';

function VoicePreview({ file }: { file: File }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    const element = audio.current;
    if (element) element.src = made;
    return () => {
      // The element lets go of the recording before it is revoked: revoked first, the browser
      // would log a failed load for the range it was still reading.
      if (element) {
        element.pause();
        element.removeAttribute('src');
        element.load();
      }
      setTimeout(() => URL.revokeObjectURL(made), 0);
    };
  }, [file]);
  return <audio ref={audio} controls aria-label="Prévia da mensagem de voz" className={classes.preview} />;
}

function ItemIcon({ item }: { item: PendingFile }) {
  if (item.voice) return <IconMicrophone size={18} aria-hidden className={classes.icon} />;
  if (item.stored) {
    const kind = fileKind(item.stored.media.fileName ?? '', item.stored.media.mimeType);
    const KindIcon = kind.icon;
    return <KindIcon size={18} role="img" aria-label={kind.label} className={classes.icon} />;
  }
  return <IconPaperclip size={18} aria-hidden className={classes.icon} />;
}

function Item({ item, state }: { item: PendingFile; state: AttachmentsState }) {
  const name = pendingName(item);
  const problem = item.check.ok ? item.error : item.check.message;
  const uploading = item.progress !== null;
  return (
    <li className={classes.item} data-testid="pending-file">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ItemIcon item={item} />
        <Stack gap={4} flex={1} miw={0}>
          <Text size="sm" fw={600} className={classes.name}>
            {name}{' '}
            <Text span size="xs" c="dimmed" fw={400}>
              {formatBytes(pendingSize(item))}
              {item.stored ? ' · da resposta rápida' : ''}
            </Text>
          </Text>
          {item.voice && item.file ? (
            <VoicePreview file={item.file} />
          ) : item.stored ? (
            // A reply's text may have several lines: they are kept.
            <Textarea
              size="xs"
              aria-label={`Legenda de ${name}`}
              placeholder="Legenda (opcional)"
              autosize
              minRows={1}
              maxRows={4}
              value={item.caption}
              maxLength={MAX_MESSAGE_LENGTH}
              onChange={(event) => state.setCaption(item.key, event.currentTarget.value)}
            />
          ) : item.check.ok ? (
            <TextInput
              size="xs"
              aria-label={`Legenda de ${name}`}
              placeholder="Legenda (opcional)"
              value={item.caption}
              maxLength={MAX_MESSAGE_LENGTH}
              disabled={uploading}
              onChange={(event) => state.setCaption(item.key, event.currentTarget.value)}
            />
          ) : null}
          {uploading ? (
            <Progress
              value={item.progress ?? 0}
              size="sm"
              aria-label={`Enviando ${name}`}
              animated={(item.progress ?? 0) < 100}
            />
          ) : null}
          {problem ? (
            <Text size="xs" c="var(--inbox-failed)" role="alert" className={classes.name}>
              {problem}
            </Text>
          ) : null}
        </Stack>
        <Tooltip label="Remover">
          <ActionIcon
            variant="subtle"
            color="gray"
            size={32}
            aria-label={`Remover ${name}`}
            onClick={() => state.remove(item.key)}
          >
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </li>
  );
}

export function Attachments({ state }: { state: AttachmentsState }) {
  if (state.files.length === 0) return null;
  return (
    <ul className={classes.tray} aria-label="Arquivos para enviar">
      {state.files.map((item) => (
        <Item key={item.key} item={item} state={state} />
      ))}
    </ul>
  );
}
