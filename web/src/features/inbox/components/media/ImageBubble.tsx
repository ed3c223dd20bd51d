/**
 * A photo: its thumbnail (the full image when there is none) as a button that opens the lightbox;
 * alt text the caption, or "Foto enviada por …". A sticker is the image alone, no bubble around it.
 */
import type { Message } from '../../api/schemas';
import classes from './media.module.css';
import { mediaReady } from './format';
import { MediaState } from './MediaState';

export interface ImageBubbleProps {
  message: Message;
  /** "Foto enviada por Maria". */
  alt: string;
  onOpen?: () => void;
  /** The link expired (an hour): the conversation is read again. */
  onExpired?: () => void;
}

export function ImageBubble({ message, alt, onOpen, onExpired }: ImageBubbleProps) {
  const media = message.media;
  if (!mediaReady(media)) return <MediaState media={media} />;
  const width = media.width ?? undefined;
  const height = media.height ?? undefined;
  const image = (
    <img
      src={media.thumbnailUrl ?? media.url}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      className={classes.thumbnail}
      onError={onExpired}
    />
  );
  if (!onOpen) return image;
  return (
    <button type="button" className={classes.imageButton} onClick={onOpen} aria-label={`Ampliar: ${alt}`}>
      {image}
    </button>
  );
}

export function StickerBubble({ message, alt, onExpired }: Omit<ImageBubbleProps, 'onOpen'>) {
  const media = message.media;
  if (!mediaReady(media)) return <MediaState media={media} />;
  return (
    <img
      src={media.thumbnailUrl ?? media.url}
      alt={alt}
      loading="lazy"
      className={classes.sticker}
      onError={onExpired}
    />
  );
}
