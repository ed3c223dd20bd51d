/**
 * Connecting an instance's number: the provider's pairing code as a QR code to read with the
 * phone (WhatsApp → Aparelhos conectados → Conectar um aparelho), until the provider reports the
 * number connected — the instance list follows `InstanceUpdated`, so the dialog sees it live. A
 * code that expired can be asked again.
 *
 * An Evolution gateway's codes (Baileys) expire about every 20 seconds, so for an evolution
 * instance the code is asked again 20 s after each answer while the dialog is open and the number
 * is not connected; the current code stays up while the next is asked, and a failed renewal shows
 * the server's message in the dialog (the next renewal still comes). A code the provider pushes
 * (`InstancePairingCode`, features/instances/pairing-codes.ts) replaces the shown one at once and
 * counts as an answer: the next ask comes 20 s after it.
 */
import { Alert, Button, Flex, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormModal } from '../../../components/FormModal';
import { LoadError } from '../../../components/LoadError';
import { useConnectInstance } from '../api/connect-instance';
import { STATUS_LABELS, isEvolutionInstance, type Instance } from '../api/get-instances';
import { onPairingCode } from '../pairing-codes';
import classes from './instances.module.css';

/** How long after an answer an Evolution gateway's QR code is asked again (Baileys: ~20 s). */
export const QR_REFRESH_MS = 20_000;

export interface ConnectInstanceModalProps {
  /** The instance to connect, as the (live) list holds it; null when closed. */
  instance: Instance | null;
  tenantName?: string;
  onClose: () => void;
}

export function ConnectInstanceModal({ instance, tenantName, onClose }: ConnectInstanceModalProps) {
  return (
    <FormModal
      opened={instance !== null}
      onClose={onClose}
      title={instance ? `Conectar número: ${instance.name}` : ''}
      size="md"
    >
      {instance ? <Pairing key={instance.id} instance={instance} tenantName={tenantName} onClose={onClose} /> : null}
    </FormModal>
  );
}

function Step({ n, children }: { n: number; children: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon size={24} radius="xl" color="indigo.7" flex="none">
        <Text size="xs" fw={700} c="white" span>
          {n}
        </Text>
      </ThemeIcon>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

/**
 * What the latest answer left: the code to show (null after a failure), the failure (kept while
 * the next renewal is asked, so the message does not blink) and how many answers came.
 */
interface Answers {
  code: string | null;
  error: unknown;
  count: number;
  /** A code was shown at least once: a failure is then a failed renewal. */
  shown: boolean;
  /** The provider pushed a code while the dialog was open: it is the one shown. */
  pushed: boolean;
}

function Pairing({ instance, tenantName, onClose }: { instance: Instance; tenantName?: string; onClose: () => void }) {
  const connect = useConnectInstance();
  const { mutate } = connect;
  const asked = useRef(false);
  const connected = instance.status === 'connected';
  const refreshes = isEvolutionInstance(instance);
  const [answers, setAnswers] = useState<Answers>({ code: null, error: null, count: 0, shown: false, pushed: false });
  useEffect(
    // A code the provider pushes while the dialog is open is the newest there is.
    () =>
      onPairingCode(instance.id, (code) =>
        setAnswers((last) => ({ code, error: null, count: last.count + 1, shown: true, pushed: true })),
      ),
    [instance.id],
  );
  const ask = useCallback(
    () =>
      mutate(
        { id: instance.id, tenantName },
        {
          // Only the latest call's answer lands here (an earlier one still running is superseded).
          onSuccess: ({ qrcode }) =>
            setAnswers((last) => ({ ...last, code: qrcode, error: null, count: last.count + 1, shown: true })),
          onError: (error) => setAnswers((last) => ({ ...last, code: null, error, count: last.count + 1 })),
        },
      ),
    [mutate, instance.id, tenantName],
  );
  useEffect(() => {
    // Ask once when the dialog opens (not again on re-renders); "Gerar novo código" asks again.
    if (asked.current || connected) return;
    asked.current = true;
    ask();
  }, [ask, connected]);
  useEffect(() => {
    // An evolution instance's code is renewed 20 s after each answer, until the number connects or
    // the dialog closes (this component unmounts).
    if (!refreshes || connected || answers.count === 0) return;
    const timer = setTimeout(ask, QR_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [refreshes, connected, answers.count, ask]);

  if (connected) {
    return (
      <Stack align="center" ta="center" gap="sm" py="md">
        <ThemeIcon size={56} radius="xl" color="teal.8">
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Text fw={700}>Número conectado</Text>
        <Text size="sm">A instância {instance.name} já recebe e envia mensagens.</Text>
        <Button onClick={onClose} mt="xs">
          Fechar
        </Button>
      </Stack>
    );
  }
  if (connect.isError && !refreshes) {
    return (
      <Stack>
        <LoadError
          title="Não foi possível pedir o código de pareamento."
          error={connect.error}
          onRetry={ask}
          retrying={connect.isPending}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
        </Group>
      </Stack>
    );
  }
  // A generic provider's code gives way to the spinner while another is asked; a gateway's stays up
  // until the next one arrives (it is renewed every 20 s, the spinner would blink).
  let code: string | undefined;
  if (refreshes || answers.pushed) code = answers.code ?? undefined;
  else if (!connect.isPending) code = connect.data?.qrcode;
  return (
    <Stack gap="lg">
      <Flex gap="lg" direction={{ base: 'column', sm: 'row' }} align={{ base: 'center', sm: 'flex-start' }}>
        <Paper
          withBorder
          radius="md"
          p="sm"
          bg="white"
          w={200}
          h={200}
          flex="none"
          lh={0}
          display="grid"
          className={classes.pairingCode}
          data-testid="pairing-code"
          data-code={code}
        >
          {code ? (
            <QRCodeSVG value={code} size={176} level="M" marginSize={0} title="QR code para conectar o número" />
          ) : refreshes && answers.error ? (
            <Text size="sm" c="dimmed" lh="sm" ta="center">
              Sem código no momento
            </Text>
          ) : (
            <Loader aria-label="Pedindo o código de pareamento" />
          )}
        </Paper>
        <Stack gap="md" flex={1} miw={0}>
          <Step n={1}>Abra o WhatsApp no celular do número.</Step>
          <Step n={2}>Toque em Mais opções (⋮) ou Configurações e em Aparelhos conectados.</Step>
          <Step n={3}>Toque em Conectar um aparelho e aponte a câmera para este QR code.</Step>
          {refreshes ? (
            <Text size="xs" c="dimmed">
              O código é renovado a cada 20 s.
            </Text>
          ) : null}
        </Stack>
      </Flex>
      {refreshes && answers.error ? (
        <LoadError
          title={
            answers.shown
              ? 'Não foi possível renovar o código de pareamento.'
              : 'Não foi possível pedir o código de pareamento.'
          }
          error={answers.error}
        />
      ) : null}
      <Alert color="gray" variant="light" p="xs">
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" color="gray" aria-hidden />
          <Text size="sm">
            Aguardando a leitura… Situação: {STATUS_LABELS[instance.status] ?? instance.status}. Esta janela muda
            sozinha quando o número conectar.
          </Text>
        </Group>
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" leftSection={<IconRefresh size={16} />} loading={connect.isPending} onClick={ask}>
          Gerar novo código
        </Button>
        <Button variant="default" onClick={onClose}>
          Fechar
        </Button>
      </Group>
    </Stack>
  );
}
