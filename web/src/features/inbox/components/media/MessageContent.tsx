/**
 * What a message shows inside its bubble, by its `type` (docs/media.md#message-types): the photo,
 * audio, video, document, sticker, location or contact cards (`MessageAttachment`, which an internal
 * note's bubble shows too), then the text (a caption); "mensagem apagada" for one its sender
 * deleted; "tipo de mensagem não suportado" for a type we do not know.
 */
import { Group, Text } from '@mantine/core';
import { IconBan, IconHelpCircle } from '@tabler/icons-react';
import type { Message } from '../../api/schemas';
import { AudioPlayer } from './AudioPlayer';
import { ContactCards } from './ContactCard';
import { DocumentCard } from './DocumentCard';
import { authorOf, imageAlt } from './format';
import { ImageBubble, StickerBubble } from './ImageBubble';
import { LocationCard } from './LocationCard';
import classes from './media.module.css';
import { VideoBubble } from './VideoBubble';

export interface MessageContentProps {
  message: Message;
  customerName: string;
  onOpenImage?: (messageId: number) => void;
  onMediaExpired?: () => void;
}

/** The file, place or cards a message carries, by its `type` (nothing for a text); an internal note's too. */
export function MessageAttachment({ message, customerName, onOpenImage, onMediaExpired }: MessageContentProps) {
  switch (message.type) {
    case 'image':
      return (
        <ImageBubble
          message={message}
          alt={imageAlt(message, customerName)}
          onOpen={onOpenImage && message.id > 0 ? () => onOpenImage(message.id) : undefined}
          onExpired={onMediaExpired}
        />
      );
    case 'sticker':
      return <StickerBubble message={message} alt={imageAlt(message, customerName)} onExpired={onMediaExpired} />;
    case 'audio':
      return <AudioPlayer message={message} onExpired={onMediaExpired} />;
    case 'video':
      return (
        <VideoBubble
          message={message}
          label={`Vídeo enviado por ${authorOf(message, customerName)}`}
          onExpired={onMediaExpired}
        />
      );
    case 'document':
      return <DocumentCard message={message} />;
    case 'location':
      return message.location ? <LocationCard location={message.location} /> : null;
    case 'contacts':
      return message.contacts && message.contacts.length > 0 ? <ContactCards contacts={message.contacts} /> : null;
    default:
      return null;
  }
}

export function MessageContent(props: MessageContentProps) {
  const { message } = props;
  if (message.revokedAt) {
    return (
      <Group gap={4} wrap="nowrap" data-testid="revoked">
        <IconBan size={14} aria-hidden className={classes.icon} />
        <Text size="sm" fs="italic" c="dimmed" span>
          mensagem apagada
        </Text>
      </Group>
    );
  }
  if (message.type === 'unsupported') {
    return (
      <Group gap={4} wrap="nowrap" data-testid="unsupported">
        <IconHelpCircle size={14} aria-hidden className={classes.icon} />
        <Text size="sm" fs="italic" c="dimmed" span>
          tipo de mensagem não suportado
        </Text>
      </Group>
    );
  }
  // Stickers carry no caption; a photo's alt text already says its caption, which still shows.
  const body = message.type === 'sticker' ? '' : message.body;
  return (
    <>
      <MessageAttachment {...props} />
      {body !== '' ? (
        <Text size="sm" span className={message.type !== 'text' ? classes.caption : undefined}>
          {body}
        </Text>
      ) : null}
    </>
  );
}
