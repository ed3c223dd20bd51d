/**
 * Turning two-factor on, after the secret was generated: scan the QR code (or type the secret),
 * then confirm with the first code from the app.
 */
import { ActionIcon, Box, Button, Code, CopyButton, Flex, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import type { Enrollment } from '../api/enroll-two-factor';
import { groupSecret } from '../code';
import { CodeField } from './CodeField';
import classes from './two-factor.module.css';

export interface EnrollmentStepsProps {
  enrollment: Enrollment;
  code: string;
  onCodeChange: (code: string) => void;
  onConfirm: (code: string) => void;
  onCancel: () => void;
  codeError: string | null;
  pending: boolean;
}

function StepNumber({ n }: { n: number }) {
  return (
    <Box
      component="span"
      w={26}
      h={26}
      fz="sm"
      fw={700}
      c="var(--mantine-primary-color-contrast)"
      bg="var(--mantine-primary-color-filled)"
      bdrs="50%"
      display="inline-grid"
      flex="none"
      className={classes.stepNumber}
      aria-hidden
    >
      {n}
    </Box>
  );
}

export function EnrollmentSteps({
  enrollment,
  code,
  onCodeChange,
  onConfirm,
  onCancel,
  codeError,
  pending,
}: EnrollmentStepsProps) {
  return (
    <Stack gap="lg">
      <Flex gap="lg" direction={{ base: 'column', sm: 'row' }} align={{ base: 'center', sm: 'flex-start' }}>
        <Paper withBorder radius="md" p="sm" bg="white" flex="none" lh={0}>
          <QRCodeSVG
            value={enrollment.otpauth_url}
            size={176}
            level="M"
            marginSize={0}
            title="QR code para o aplicativo autenticador"
          />
        </Paper>
        <Stack gap="md" flex={1} miw={0}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <StepNumber n={1} />
            <Text size="sm">
              Abra seu aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…) e leia o QR
              code.
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <StepNumber n={2} />
            <Stack gap={6} miw={0}>
              <Text size="sm">Não consegue ler o QR code? Digite esta chave no aplicativo:</Text>
              <Group gap="xs" wrap="nowrap">
                <Code
                  fz="sm"
                  px="sm"
                  py={6}
                  data-testid="two-factor-secret"
                  aria-label="Chave secreta"
                  lts="0.04em"
                  className={classes.secret}
                >
                  {groupSecret(enrollment.secret)}
                </Code>
                <CopyButton value={enrollment.secret} timeout={2000}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copiada' : 'Copiar chave'} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={copied ? 'teal' : 'gray'}
                        onClick={copy}
                        aria-label="Copiar chave"
                      >
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Group>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <StepNumber n={3} />
            <Text size="sm">Digite o código de 6 dígitos que o aplicativo mostra.</Text>
          </Group>
        </Stack>
      </Flex>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(code);
        }}
        noValidate
      >
        <Stack gap="md" align="flex-start">
          <CodeField
            label="Código de verificação"
            value={code}
            onChange={onCodeChange}
            onComplete={onConfirm}
            error={codeError}
            disabled={pending}
            autoFocus
          />
          <Group gap="sm">
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancelar
            </Button>
            <Button type="submit" loading={pending}>
              Confirmar
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
