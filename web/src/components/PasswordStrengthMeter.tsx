/**
 * Shows the strength score of a password (weak 50, medium 75, strong 100;
 * docs/contracts.md#password-strength) and which rules it misses.
 */
import { Box, List, Progress, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_MIN_LENGTH, passwordChecks, passwordStrength } from '../lib/password-strength';

const LABELS = { 50: 'Senha fraca', 75: 'Senha média', 100: 'Senha forte' } as const;
const COLORS = { 50: 'red', 75: 'yellow', 100: 'teal' } as const;

function Rule({ ok, children }: { ok: boolean; children: string }) {
  return (
    <List.Item
      icon={
        <ThemeIcon color={ok ? 'teal' : 'gray'} size={16} radius="xl" variant="light">
          {ok ? <IconCheck size={12} /> : <IconX size={12} />}
        </ThemeIcon>
      }
    >
      <Text size="sm" c={ok ? undefined : 'dimmed'}>
        {children}
      </Text>
    </List.Item>
  );
}

export interface PasswordStrengthMeterProps {
  password: string;
}

export function PasswordStrengthMeter({ password }: PasswordStrengthMeterProps) {
  const score = passwordStrength(password);
  const checks = passwordChecks(password);
  const empty = password.length === 0;
  return (
    <Box>
      <Progress
        value={empty ? 0 : score}
        color={COLORS[score]}
        size="sm"
        aria-label="Força da senha"
        aria-valuetext={empty ? 'Nenhuma senha' : LABELS[score]}
      />
      <Text size="sm" mt={4} fw={500} c={empty ? 'dimmed' : COLORS[score]} data-testid="password-strength-label">
        {empty ? 'Digite uma senha' : `${LABELS[score]} (${score})`}
      </Text>
      <List spacing={2} mt="xs" size="sm" center>
        <Rule ok={checks.longEnough}>{`Pelo menos ${PASSWORD_MIN_LENGTH} caracteres`}</Rule>
        <Rule ok={!empty && checks.noTripleRepeat}>Nenhum caractere repetido 3 vezes seguidas</Rule>
        <Rule ok={!empty && checks.noSequence}>Sem sequências como 123 ou abc</Rule>
        <Rule ok={checks.strongMix}>Para ser forte: 2 caracteres especiais, maiúsculas e minúsculas</Rule>
      </List>
    </Box>
  );
}
