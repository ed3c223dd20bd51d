/**
 * Connecting an instance's number: the provider's pairing code as a QR code to read with the
 * phone (WhatsApp → Aparelhos conectados → Conectar um aparelho), until the provider reports the
 * number connected — the instance list follows `InstanceUpdated`, so the dialog sees it live. A
 * code that expired can be asked again.
 */
import { Alert, Button, Flex, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { FormModal } from '../../../components/FormModal';
import { LoadError } from '../../../components/LoadError';
import { useConnectInstance } from '../api/connect-instance';
import { STATUS_LABELS, type Instance } from '../api/get-instances';
import classes from './instances.module.css';

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

function Pairing({ instance, tenantName, onClose }: { instance: Instance; tenantName?: string; onClose: () => void }) {
  const connect = useConnectInstance();
  const { mutate } = connect;
  const asked = useRef(false);
  const connected = instance.status === 'connected';
  useEffect(() => {
    // Ask once when the dialog opens (not again on re-renders); "Gerar novo código" asks again.
    if (asked.current || connected) return;
    asked.current = true;
    mutate({ id: instance.id, tenantName });
  }, [mutate, instance.id, tenantName, connected]);

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
  if (connect.isError) {
    return (
      <Stack>
        <LoadError
          title="Não foi possível pedir o código de pareamento."
          error={connect.error}
          onRetry={() => mutate({ id: instance.id, tenantName })}
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
  const code = connect.data?.qrcode;
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
          {code && !connect.isPending ? (
            <QRCodeSVG value={code} size={176} level="M" marginSize={0} title="QR code para conectar o número" />
          ) : (
            <Loader aria-label="Pedindo o código de pareamento" />
          )}
        </Paper>
        <Stack gap="md" flex={1} miw={0}>
          <Step n={1}>Abra o WhatsApp no celular do número.</Step>
          <Step n={2}>Toque em Mais opções (⋮) ou Configurações e em Aparelhos conectados.</Step>
          <Step n={3}>Toque em Conectar um aparelho e aponte a câmera para este QR code.</Step>
        </Stack>
      </Flex>
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
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={connect.isPending}
          onClick={() => mutate({ id: instance.id, tenantName })}
        >
          Gerar novo código
        </Button>
        <Button variant="default" onClick={onClose}>
          Fechar
        </Button>
      </Group>
    </Stack>
  );
}
