/**
 * The recovery codes, shown once (docs/account.md#two-factor-recovery-codes): right after
 * two-factor is turned on, and after new codes are generated. The person copies them all or
 * downloads them as a .txt file; only "Guardei os códigos" closes the window (a click outside or
 * Escape would lose them for good).
 */
import { Alert, Box, Button, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { recoveryCodesFile } from '../code';
import classes from './two-factor.module.css';

export interface RecoveryCodesModalProps {
  /** The codes to show; null when closed. */
  codes: readonly string[] | null;
  onClose: () => void;
}

function download(codes: readonly string[]) {
  const { text, filename } = recoveryCodesFile(codes, new Date());
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click ran; the URL is not needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function RecoveryCodesModal({ codes, onClose }: RecoveryCodesModalProps) {
  const listId = useId();
  return (
    <Modal
      opened={codes !== null}
      onClose={onClose}
      title="Guarde os seus códigos de recuperação"
      centered
      size="md"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      {codes ? (
        <Stack gap="md">
          <Text size="sm">
            Se você perder o celular, entre com um destes códigos no lugar do código do aplicativo. Cada um vale uma
            única vez.
          </Text>
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
            <Text size="sm">
              Eles não serão mostrados de novo. Guarde-os num lugar seguro, como um gerenciador de senhas.
            </Text>
          </Alert>
          <Box
            component="ul"
            id={listId}
            aria-label="Códigos de recuperação"
            data-testid="recovery-codes"
            m={0}
            p="sm"
            ff="monospace"
            fz="md"
            bd="1px solid var(--mantine-color-default-border)"
            bdrs="md"
            lts="0.05em"
            className={classes.codes}
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
          <Group gap="sm">
            <CopyButton value={codes.join('\n')} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                  aria-controls={listId}
                >
                  {copied ? 'Copiados' : 'Copiar todos'}
                </Button>
              )}
            </CopyButton>
            <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => download(codes)}>
              Baixar .txt
            </Button>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Guardei os códigos
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
