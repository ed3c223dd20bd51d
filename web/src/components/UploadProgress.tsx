/**
 * A file being uploaded: its name, the share sent so far and a progress bar named for assistive
 * technology ("Enviando nota.pdf"). Shared by every place that uploads a file at once (the forms'
 * attachment field, the note composer).
 */
import { Progress, Stack, Text } from '@mantine/core';

export interface UploadProgressProps {
  name: string;
  /** 0–100. */
  percent: number;
  /** The class of the name's line (the caller's truncation rules). */
  nameClassName?: string;
  className?: string;
}

export function UploadProgress({ name, percent, nameClassName, className }: UploadProgressProps) {
  return (
    <Stack gap={4} className={className} flex={className ? undefined : 1} miw={0}>
      <Text size="sm" fw={600} className={nameClassName}>
        {name}{' '}
        <Text span size="xs" c="dimmed" fw={400}>
          {percent}%
        </Text>
      </Text>
      <Progress value={percent} size="sm" aria-label={`Enviando ${name}`} animated={percent < 100} />
    </Stack>
  );
}
