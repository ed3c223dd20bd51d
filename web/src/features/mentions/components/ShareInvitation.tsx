/**
 * A pending share under its mention: "{author} convidou você para este atendimento" with "Aceitar"
 * and "Recusar". The ticket is already visible while pending; accepting keeps it, declining takes it
 * (and its mentions) out of sight. The outcome is told in a notification (api/decide-share.ts: a
 * refusal with the server's pt_BR message, "Este convite já foi respondido.").
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDecideShare, type ShareDecision } from '../api/decide-share';
import classes from './mentions.module.css';

export interface ShareInvitationProps {
  shareId: number;
  author: string;
  onDecided?: () => void;
}

export function ShareInvitation({ shareId, author, onDecided }: ShareInvitationProps) {
  const decide = useDecideShare(onDecided);
  const choose = (decision: ShareDecision) => decide.mutate({ shareId, decision });
  const pending = decide.isPending ? decide.variables.decision : null;
  return (
    <Stack gap={6} className={classes.invite}>
      <Text size="sm" fw={500}>
        {author} convidou você para este atendimento
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          loading={pending === 'accept'}
          disabled={pending === 'decline'}
          onClick={() => choose('accept')}
        >
          Aceitar
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={pending === 'decline'}
          disabled={pending === 'accept'}
          onClick={() => choose('decline')}
        >
          Recusar
        </Button>
      </Group>
    </Stack>
  );
}
