/** A video: the browser's own player (seeking uses the server's `Range`), the thumbnail as poster. */
import type { Message } from '../../api/schemas';
import classes from './media.module.css';
import { mediaReady } from './format';
import { MediaState } from './MediaState';

export function VideoBubble({
  message,
  label,
  onExpired,
}: {
  message: Message;
  label: string;
  onExpired?: () => void;
}) {
  const media = message.media;
  if (!mediaReady(media)) return <MediaState media={media} />;
  return (
    <video
      controls
      preload="metadata"
      src={media.url}
      poster={media.thumbnailUrl ?? undefined}
      aria-label={label}
      className={classes.video}
      width={media.width ?? undefined}
      height={media.height ?? undefined}
      onError={onExpired}
    />
  );
}
