/**
 * A form's one optional file (a bot's answer, a campaign): "Anexar arquivo" opens the file picker
 * and uploads the file at once, with its progress and a button to cancel; then the file shows — an
 * icon by its type, its name and size — with "Remover". The server's pt_BR refusal (422
 * `media_too_large`, `media_type_not_allowed`, `media_invalid`, `media_quota`; 413) or the form's
 * error about the file shows under it. The focus follows: to "Remover" once attached, back to
 * "Anexar arquivo" once removed.
 */
import { Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-errors';
import { formatBytes } from '../lib/download';
import { fileKind } from '../lib/file-kind';
import type { AttachedFile, AttachmentUploadOptions, UploadedMedia } from '../lib/media-upload';
import classes from './AttachmentField.module.css';
import { UploadProgress } from './UploadProgress';

export interface AttachmentFieldProps {
  /** The field's name on screen ("Arquivo (opcional)"). */
  label: string;
  description?: ReactNode;
  value: AttachedFile | null;
  onChange: (file: AttachedFile | null) => void;
  /** Sends the file to the server (lib/media-upload.ts `uploadAttachment`). */
  upload: (file: File, options: AttachmentUploadOptions) => Promise<UploadedMedia>;
  /** The form's error about the file (the server's 422 on save). */
  error?: ReactNode;
  /** Read-only: the file shows, nothing can be attached or removed. */
  readOnly?: boolean;
  /** Told when an upload starts and when it ends (the form waits for it before sending). */
  onUploadingChange?: (uploading: boolean) => void;
  /** Added to the attach button's name when a screen has several ("à opção 2"). */
  context?: string;
}

interface Uploading {
  name: string;
  /** 0–100. */
  percent: number;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function AttachmentField({
  label,
  description,
  value,
  onChange,
  upload,
  error,
  readOnly = false,
  onUploadingChange,
  context,
}: AttachmentFieldProps) {
  const id = useId();
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const resetPicker = useRef<() => void>(null);
  const attachButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'attach' | 'remove' | 'cancel' | null>(null);

  // A field that goes away (its option removed, the form closed) stops its upload.
  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    const element = { attach: attachButton, remove: removeButton, cancel: cancelButton }[target].current;
    if (element) {
      focusNext.current = null;
      element.focus();
    }
  });

  async function pick(file: File | null) {
    // The same file can be picked again after a refusal.
    resetPicker.current?.();
    if (file === null) return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const name = file.name || 'arquivo';
    setFailure(null);
    // The attach button gives way to the progress: the focus goes to its "Cancelar".
    focusNext.current = 'cancel';
    setUploading({ name, percent: 0 });
    onUploadingChange?.(true);
    try {
      const media = await upload(file, {
        signal: abort.signal,
        onProgress: ({ loaded, total }) =>
          setUploading({ name, percent: total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0 }),
      });
      focusNext.current = 'remove';
      onChange({ mediaId: media.id, fileName: media.fileName ?? name, size: media.size, mimeType: media.mimeType });
    } catch (caught) {
      if (!isAbort(caught)) setFailure(errorMessage(caught));
      focusNext.current = 'attach';
    } finally {
      if (controller.current === abort) controller.current = null;
      setUploading(null);
      onUploadingChange?.(false);
    }
  }

  function cancel() {
    focusNext.current = 'attach';
    controller.current?.abort();
  }

  function remove() {
    setFailure(null);
    focusNext.current = 'attach';
    onChange(null);
  }

  const problem = failure ?? error ?? null;
  const describedBy = [description ? `${id}-description` : null, problem ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');

  let content: ReactNode;
  if (value) {
    const kind = fileKind(value.fileName, value.mimeType);
    const KindIcon = kind.icon;
    content = (
      <Paper withBorder radius="sm" p="xs" className={classes.card} data-testid="attached-file">
        <Group gap="sm" wrap="wrap">
          <KindIcon size={28} role="img" aria-label={kind.label} className={classes.icon} />
          <Stack gap={0} className={classes.text}>
            <Text size="sm" fw={600} className={classes.name}>
              {value.fileName}
            </Text>
            <Text size="xs" c="dimmed">
              {[kind.label, value.size != null ? formatBytes(value.size) : null].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          {readOnly ? null : (
            <Button
              ref={removeButton}
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={`Remover arquivo ${value.fileName}`}
              aria-describedby={describedBy || undefined}
              aria-invalid={problem ? true : undefined}
              onClick={remove}
            >
              Remover
            </Button>
          )}
        </Group>
      </Paper>
    );
  } else if (uploading) {
    content = (
      <Paper withBorder radius="sm" p="xs" className={classes.card} data-testid="uploading-file">
        <Group gap="sm" wrap="wrap">
          <IconPaperclip size={20} aria-hidden className={classes.icon} />
          <UploadProgress
            name={uploading.name}
            percent={uploading.percent}
            className={classes.text}
            nameClassName={classes.name}
          />
          <Button
            ref={cancelButton}
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconX size={14} aria-hidden />}
            aria-label={`Cancelar o envio de ${uploading.name}`}
            onClick={cancel}
          >
            Cancelar
          </Button>
        </Group>
      </Paper>
    );
  } else if (readOnly) {
    content = (
      <Text size="sm" c="dimmed">
        Nenhum arquivo.
      </Text>
    );
  } else {
    content = (
      <Group>
        <FileButton onChange={(file) => void pick(file)} resetRef={resetPicker}>
          {(props) => (
            <Button
              {...props}
              ref={attachButton}
              variant="default"
              size="sm"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              aria-label={context ? `Anexar arquivo ${context}` : undefined}
              aria-describedby={describedBy || undefined}
              aria-invalid={problem ? true : undefined}
            >
              Anexar arquivo
            </Button>
          )}
        </FileButton>
      </Group>
    );
  }

  return (
    <Stack gap={6} role="group" aria-labelledby={`${id}-label`}>
      <div>
        <Text component="div" size="sm" fw={500} id={`${id}-label`}>
          {label}
        </Text>
        {description ? (
          <Text size="xs" c="dimmed" id={`${id}-description`}>
            {description}
          </Text>
        ) : null}
      </div>
      {content}
      {problem ? (
        <Text size="xs" c="var(--mantine-color-error)" role="alert" id={`${id}-error`} className={classes.name}>
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
