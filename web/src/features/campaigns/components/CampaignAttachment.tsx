/** The file a campaign sends with its message ("Arquivo: promo.png"): on its card and its detail. */
import { Group, Text } from '@mantine/core';
import { fileKind } from '../../../lib/file-kind';
import classes from './campaigns.module.css';

export function CampaignAttachment({ fileName }: { fileName: string | null | undefined }) {
  if (!fileName) return null;
  const KindIcon = fileKind(fileName).icon;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="campaign-attachment">
      <KindIcon size={18} aria-hidden className={classes.fileIcon} />
      <Text size="sm" className={classes.breakAnywhere} miw={0}>
        Arquivo: {fileName}
      </Text>
    </Group>
  );
}
