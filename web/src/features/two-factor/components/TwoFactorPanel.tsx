/**
 * The user's two-factor activity (docs/contracts.md#screens-and-routes, "user settings and
 * two-factor"; docs/auth.md): the status, turning it on (enroll → QR code and secret → first code
 * confirms → the ten recovery codes, shown once) and off (a current code), and the recovery codes
 * left, with new ones for a current code (docs/account.md#two-factor-recovery-codes). Used by
 * /two-factor and by the two-factor part of /user-settings. The steps and their calls are
 * hooks/use-two-factor-flow.ts; this card shows the current one.
 */
import { Card, Group, Skeleton, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { UserId } from '../api/enroll-two-factor';
import { useTwoFactorFlow } from '../hooks/use-two-factor-flow';
import { CodeStep } from './CodeStep';
import { EnrollmentSteps } from './EnrollmentSteps';
import { RecoveryCodesModal } from './RecoveryCodesModal';
import { TwoFactorOffStatus, TwoFactorOnStatus, TwoFactorStatusBadge } from './TwoFactorStatus';

export interface TwoFactorPanelProps {
  /** The logged-in user's id; undefined while the user info loads. */
  userId: UserId | undefined;
  /** `twoFactorEnabled` of the user info; undefined while it loads. */
  enabled: boolean | undefined;
  /** Card title: the feature's name by default; the two-factor screen, titled so already, says "Situação". */
  title?: string;
  /** Heading level of the card title (2 on its own screen, 3 inside user settings). */
  titleOrder?: 2 | 3 | 4;
  /** `recoveryCodesLeft` of the user info; undefined when it does not say. */
  recoveryCodesLeft?: number;
}

export function TwoFactorPanel({
  userId,
  enabled,
  title = 'Autenticação em dois fatores',
  titleOrder = 3,
  recoveryCodesLeft,
}: TwoFactorPanelProps) {
  const flow = useTwoFactorFlow(userId);
  const { mode } = flow;
  const toStatus = () => flow.reset({ kind: 'status' });

  let body: ReactNode;
  if (enabled === undefined || userId === undefined) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Carregando">
        <Skeleton height={14} width="80%" />
        <Skeleton height={36} width={200} mt="sm" />
      </Stack>
    );
  } else if (mode.kind === 'enrolling' && !enabled) {
    body = (
      <EnrollmentSteps
        enrollment={mode.enrollment}
        code={flow.code}
        onCodeChange={flow.typeCode}
        onConfirm={flow.submitConfirm}
        onCancel={toStatus}
        codeError={flow.codeError}
        pending={flow.confirming}
      />
    );
  } else if (mode.kind === 'disabling' && enabled) {
    body = (
      <CodeStep
        intro={'Para desativar, digite o código que o seu aplicativo autenticador mostra agora.'}
        code={flow.code}
        onCode={flow.typeCode}
        error={flow.codeError}
        pending={flow.disabling}
        onSubmit={flow.submitDisable}
        onCancel={toStatus}
        submitLabel="Desativar"
        color="red"
      />
    );
  } else if (mode.kind === 'regenerating' && enabled) {
    body = (
      <CodeStep
        intro={
          'Para gerar novos códigos de recuperação, digite o código que o seu aplicativo autenticador mostra agora. Os códigos atuais deixam de valer.'
        }
        code={flow.code}
        onCode={flow.typeCode}
        error={flow.codeError}
        pending={flow.regenerating}
        onSubmit={flow.submitRegenerate}
        onCancel={toStatus}
        submitLabel="Gerar novos códigos"
      />
    );
  } else if (enabled) {
    body = (
      <TwoFactorOnStatus
        recoveryCodesLeft={recoveryCodesLeft}
        onRegenerate={() => flow.reset({ kind: 'regenerating' })}
        onDisable={() => flow.reset({ kind: 'disabling' })}
      />
    );
  } else {
    body = <TwoFactorOffStatus unavailable={flow.unavailable} onStart={flow.start} starting={flow.starting} />;
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" color={enabled ? 'teal' : 'gray'}>
            {enabled ? <IconShieldCheck size={20} /> : <IconShieldLock size={20} />}
          </ThemeIcon>
          <Title order={titleOrder} fz="h4">
            {title}
          </Title>
        </Group>
        {enabled === undefined ? null : <TwoFactorStatusBadge enabled={enabled} />}
      </Group>
      {body}
      <RecoveryCodesModal codes={flow.shownCodes} onClose={flow.closeShownCodes} />
      {flow.reauthenticationModal}
    </Card>
  );
}
