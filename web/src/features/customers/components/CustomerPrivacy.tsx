/**
 * "Privacidade (LGPD)" in a customer's detail (docs/privacy.md), for those who keep the customers
 * (route `customers`, as merging): "Baixar relatório do titular" (the zip of everything about
 * them; its progress on the button, the outcome in a notification); the legal hold — "Exclusão
 * suspensa: {motivo} (desde {data})" or "Sem retenção legal", with "Registrar retenção legal…" or
 * "Retirar retenção legal" —; "Anonimizar cliente…" (EraseCustomerDialog), disabled while a hold
 * stands, with the reason why under it; an erased customer shows "Anonimizado em {data}" and
 * keeps only the report. Then the customer's answers to the consent question (CustomerConsents).
 */
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEraser, IconLock, IconLockOpen, IconShieldCheck } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { useDownload } from '../../../components/use-download';
import { formatDateTime } from '../../../lib/dates';
import { reportFallbackName, reportPath, usePrivacy } from '../api/get-privacy';
import type { Customer } from '../api/schemas';
import { CustomerConsents } from './CustomerConsents';
import { EraseCustomerDialog } from './EraseCustomerDialog';
import { LiftLegalHoldDialog, SetLegalHoldDialog } from './LegalHoldDialog';
import classes from './customers.module.css';

type Subject = Pick<Customer, 'id' | 'name' | 'phone'>;

export interface CustomerPrivacyProps {
  customer: Subject;
  ticketHref: (ticketId: number) => string;
}

type Dialog = 'hold' | 'lift' | 'erase' | null;

/** The actions one under the other, as wide as the drawer, on phones; side by side from sm up. */
const FULL_ON_PHONES = { base: '100%', sm: 'auto' };

function ReportButton({ customerId }: { customerId: number }) {
  const { state, start } = useDownload();
  return (
    <Button
      variant="default"
      w={FULL_ON_PHONES}
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={state.status === 'loading'}
      onClick={() =>
        void start({
          path: reportPath(customerId),
          query: {},
          fallbackName: reportFallbackName(customerId),
          title: 'Relatório do titular',
          accept: 'application/zip',
        })
      }
    >
      Baixar relatório do titular
    </Button>
  );
}

export function CustomerPrivacy({ customer, ticketHref }: CustomerPrivacyProps) {
  const titleId = useId();
  const holdHintId = useId();
  const privacy = usePrivacy(customer.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  let body;
  if (privacy.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Carregando a privacidade do cliente">
        <Skeleton height={14} width="50%" />
        <Skeleton height={36} />
      </Stack>
    );
  } else if (privacy.isError) {
    body = (
      <LoadError
        title="Não foi possível carregar a privacidade do cliente."
        error={privacy.error}
        onRetry={() => void privacy.refetch()}
        retrying={privacy.isFetching}
      />
    );
  } else {
    const { legalHoldReason, legalHoldAt, erasedAt, consents } = privacy.data;
    const held = !erasedAt && legalHoldReason != null && legalHoldReason !== '';
    body = (
      <>
        {erasedAt ? (
          <Alert color="gray" variant="light" icon={<IconShieldCheck size={18} aria-hidden />}>
            <Text size="sm" fw={600} data-testid="privacy-status">
              Anonimizado em <time dateTime={erasedAt}>{formatDateTime(erasedAt)}</time>
            </Text>
            <Text size="sm">
              Os dados pessoais foram removidos; atendimentos e pedidos continuam, sem eles. O relatório mostra o que
              restou.
            </Text>
          </Alert>
        ) : held ? (
          <Alert color="yellow" variant="light" icon={<IconLock size={18} aria-hidden />}>
            <Text size="sm" className={classes.breakAnywhere} data-testid="privacy-status">
              <strong>Exclusão suspensa:</strong> {legalHoldReason}
              {legalHoldAt ? (
                <>
                  {' '}
                  (desde <time dateTime={legalHoldAt}>{formatDateTime(legalHoldAt)}</time>)
                </>
              ) : null}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed" data-testid="privacy-status">
            Sem retenção legal
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          <ReportButton customerId={customer.id} />
          {erasedAt ? null : held ? (
            <Button
              variant="default"
              w={FULL_ON_PHONES}
              leftSection={<IconLockOpen size={16} aria-hidden />}
              onClick={() => setDialog('lift')}
            >
              Retirar retenção legal
            </Button>
          ) : (
            <Button
              variant="default"
              w={FULL_ON_PHONES}
              leftSection={<IconLock size={16} aria-hidden />}
              onClick={() => setDialog('hold')}
            >
              Registrar retenção legal…
            </Button>
          )}
          {erasedAt ? null : (
            <Button
              color="red.8"
              w={FULL_ON_PHONES}
              leftSection={<IconEraser size={16} aria-hidden />}
              disabled={held}
              aria-describedby={held ? holdHintId : undefined}
              onClick={() => setDialog('erase')}
            >
              Anonimizar cliente…
            </Button>
          )}
        </Group>
        {held ? (
          <Text size="xs" c="dimmed" id={holdHintId}>
            Para anonimizar, retire antes a retenção legal.
          </Text>
        ) : null}
        <CustomerConsents consents={consents} ticketHref={ticketHref} mt="xs" />
        <SetLegalHoldDialog customer={dialog === 'hold' ? customer : null} onClose={close} />
        <LiftLegalHoldDialog
          customer={dialog === 'lift' && legalHoldReason ? { ...customer, reason: legalHoldReason } : null}
          onClose={close}
        />
        <EraseCustomerDialog customer={dialog === 'erase' ? customer : null} onClose={close} />
      </>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId} data-testid="customer-privacy">
      <Title order={3} size="h5" id={titleId}>
        Privacidade (LGPD)
      </Title>
      {body}
    </Stack>
  );
}
