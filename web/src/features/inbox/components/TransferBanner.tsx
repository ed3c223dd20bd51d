/**
 * A ticket's pending transfer, under the conversation's header, with what the viewer may do about
 * it: its target accepts or declines it ("Aceitar transferência", "Recusar"), whoever asked for it
 * cancels it, a manager may do either. The distribution's offer (`fromUser` null, ../offer.ts) is
 * titled "Oferta da distribuição" with a live countdown ("aceite em 0:42") when its note says how
 * long it lasts; declined or cancelled, it goes back to the queue for the next person.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconCheck, IconClock, IconX } from '@tabler/icons-react';
import type { TransferResolution } from '../api/resolve-transfer';
import type { Transfer } from '../api/schemas';
import { useSecondsLeft } from '../hooks/use-seconds-left';
import { countdownText, isOffer, OFFER_TITLE, offerDeadline } from '../offer';
import type { InboxViewer } from '../viewer';
import classes from './Inbox.module.css';

export interface TransferBannerProps {
  transfer: Transfer;
  viewer: InboxViewer;
  onResolve: (resolution: TransferResolution) => void;
  /** The resolution being sent, if any. */
  resolving: TransferResolution | null;
}

/** With this many seconds or fewer left, the countdown turns orange. */
const HURRY_SECONDS = 15;

function OfferCountdown({ deadline }: { deadline: number }) {
  const left = useSecondsLeft(deadline) ?? 0;
  return (
    <Badge
      size="md"
      variant="light"
      color={left > HURRY_SECONDS ? 'blue' : 'orange'}
      leftSection={<IconClock size={12} aria-hidden />}
      role="timer"
      data-testid="offer-countdown"
      flex="none"
    >
      {countdownText(left)}
    </Badge>
  );
}

/** The banner's line: who asked for what, to whom. */
function title(transfer: Transfer, viewer: InboxViewer, forMe: boolean, target: string): string {
  if (isOffer(transfer)) return forMe ? OFFER_TITLE : `${OFFER_TITLE} para ${target}`;
  const asked = transfer.fromUser?.id === viewer.id;
  const from = asked ? 'Você' : (transfer.fromUser?.name ?? 'Alguém');
  return forMe ? `${from} quer transferir este atendimento para você` : `${from} pediu a transferência para ${target}`;
}

export function TransferBanner({ transfer, viewer, onResolve, resolving }: TransferBannerProps) {
  const target = transfer.toUser?.name ?? transfer.toDepartment?.name ?? '—';
  const forMe =
    transfer.toUser?.id === viewer.id ||
    (transfer.toUser == null && transfer.toDepartment != null && transfer.toDepartment.id === viewer.departmentId);
  const offer = isOffer(transfer);
  const asked = !offer && transfer.fromUser?.id === viewer.id;
  const deadline = offer ? offerDeadline(transfer) : null;
  // An offer's note only says how long it lasts: the countdown says it better.
  const note = deadline === null ? transfer.note : null;
  return (
    <div className={classes.banner} data-testid="transfer-banner" data-offer={offer ? 'true' : undefined}>
      <Group gap="sm" justify="space-between" wrap="wrap">
        {/* Room for its words first: on a phone the buttons go under them. */}
        <Stack gap={2} miw={0} flex="1 1 16rem">
          <Group gap={6} wrap="wrap">
            <Group gap={6} wrap="nowrap" miw={0}>
              <IconArrowsExchange size={16} aria-hidden className={classes.inlineIcon} />
              <Text size="sm" fw={600} className={classes.breakAnywhere}>
                {title(transfer, viewer, forMe, target)}
              </Text>
            </Group>
            {deadline !== null ? <OfferCountdown deadline={deadline} /> : null}
          </Group>
          {offer && forMe ? (
            <Text size="sm" c="dimmed">
              A distribuição automática escolheu você. Recusado ou sem resposta, vai para a próxima pessoa.
            </Text>
          ) : null}
          {note ? (
            <Text size="sm" c="dimmed" className={classes.breakAnywhere}>
              “{note}”
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs">
          {forMe || (viewer.manager && !asked) ? (
            <>
              <Button
                size="xs"
                color="teal.9"
                leftSection={<IconCheck size={14} />}
                loading={resolving === 'accept'}
                disabled={resolving !== null && resolving !== 'accept'}
                onClick={() => onResolve('accept')}
              >
                {offer ? 'Aceitar oferta' : 'Aceitar transferência'}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={14} />}
                loading={resolving === 'reject'}
                disabled={resolving !== null && resolving !== 'reject'}
                onClick={() => onResolve('reject')}
              >
                Recusar
              </Button>
            </>
          ) : null}
          {asked || (viewer.manager && !forMe) ? (
            <Button
              size="xs"
              variant="default"
              loading={resolving === 'cancel'}
              disabled={resolving !== null && resolving !== 'cancel'}
              onClick={() => onResolve('cancel')}
            >
              {offer ? 'Cancelar oferta' : 'Cancelar transferência'}
            </Button>
          ) : null}
        </Group>
      </Group>
    </div>
  );
}
