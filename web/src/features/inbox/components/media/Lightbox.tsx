/**
 * The photos of the conversation (those loaded) one at a time, full screen on phones: zoom in and
 * out, previous and next (buttons and ← →), the caption, and "Baixar" (the file as an attachment).
 */
import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconDownload, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './media.module.css';

export interface LightboxImage {
  messageId: number;
  url: string;
  downloadUrl: string | null;
  alt: string;
  caption: string;
  fileName: string | null;
}

export interface LightboxProps {
  images: readonly LightboxImage[];
  /** The photo shown (its message), or null: closed. */
  openId: number | null;
  onChange: (messageId: number) => void;
  onClose: () => void;
}

const ZOOMS = [1, 1.5, 2, 3] as const;

export function Lightbox({ images, openId, onChange, onClose }: LightboxProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [zoom, setZoom] = useState(0);
  const index = images.findIndex((image) => image.messageId === openId);
  const image = index >= 0 ? images[index] : undefined;
  const previous = index > 0 ? images[index - 1] : undefined;
  const next = index >= 0 && index < images.length - 1 ? images[index + 1] : undefined;

  function go(target: LightboxImage | undefined) {
    if (!target) return;
    setZoom(0);
    onChange(target.messageId);
  }

  // ← and → while it is open, wherever the focus is (a button that just became disabled loses it).
  useWindowEvent('keydown', (event) => {
    if (!image || event.defaultPrevented) return;
    if (event.key === 'ArrowLeft') go(previous);
    else if (event.key === 'ArrowRight') go(next);
  });

  return (
    <Modal
      opened={image !== undefined}
      onClose={() => {
        setZoom(0);
        onClose();
      }}
      title={image ? `Foto ${index + 1} de ${images.length}` : 'Foto'}
      fullScreen={phone}
      size="xl"
      centered
      classNames={{ body: classes.lightboxBody }}
    >
      {image ? (
        <div className={classes.lightbox}>
          {/* Zoomed, the photo scrolls: the keyboard must reach it (arrow keys scroll it). */}
          <div
            className={classes.stage}
            data-zoomed={zoom > 0 || undefined}
            tabIndex={zoom > 0 ? 0 : undefined}
            role={zoom > 0 ? 'region' : undefined}
            aria-label={zoom > 0 ? 'Foto ampliada: use as setas para percorrer' : undefined}
          >
            <img
              src={image.url}
              alt={image.alt}
              className={classes.full}
              data-zoom={zoom}
              data-testid="lightbox-image"
            />
          </div>
          {image.caption ? (
            <Text size="sm" ta="center" className={classes.wrap}>
              {image.caption}
            </Text>
          ) : null}
          <Group justify="center" gap="xs" wrap="wrap">
            <Tooltip label="Foto anterior (←)">
              <ActionIcon
                variant="default"
                size={44}
                aria-label="Foto anterior"
                disabled={!previous}
                onClick={() => go(previous)}
              >
                <IconChevronLeft size={20} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Diminuir zoom">
              <ActionIcon
                variant="default"
                size={44}
                aria-label="Diminuir zoom"
                disabled={zoom === 0}
                onClick={() => setZoom((z) => Math.max(0, z - 1))}
              >
                <IconZoomOut size={20} />
              </ActionIcon>
            </Tooltip>
            <Text size="sm" w={48} ta="center" aria-live="polite" data-testid="zoom-level">
              {Math.round((ZOOMS[zoom] ?? 1) * 100)}%
            </Text>
            <Tooltip label="Aumentar zoom">
              <ActionIcon
                variant="default"
                size={44}
                aria-label="Aumentar zoom"
                disabled={zoom === ZOOMS.length - 1}
                onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
              >
                <IconZoomIn size={20} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Próxima foto (→)">
              <ActionIcon
                variant="default"
                size={44}
                aria-label="Próxima foto"
                disabled={!next}
                onClick={() => go(next)}
              >
                <IconChevronRight size={20} />
              </ActionIcon>
            </Tooltip>
            <Button
              component="a"
              href={image.downloadUrl ?? image.url}
              download={image.fileName ?? ''}
              variant="default"
              h={44}
              leftSection={<IconDownload size={18} />}
            >
              Baixar
            </Button>
          </Group>
        </div>
      ) : null}
    </Modal>
  );
}
