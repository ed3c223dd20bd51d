/**
 * How strong a new password is, in words — "Senha fraca", "Senha média", "Senha forte", never the
 * rule's internal score (docs/contracts.md#password-strength) — and what it still lacks: what keeps
 * a weak password from being accepted, or what would make a medium one strong.
 *
 * The bar is a `progressbar` named "Força da senha" whose `aria-valuetext` is the words (set on the
 * bar itself: Mantine's `Progress` would put it on its root, a plain `div`, where ARIA forbids it).
 */
import { Box, Progress, Text } from '@mantine/core';
import {
  PASSWORD_MIN_LENGTH,
  listMissing,
  passwordMissing,
  passwordStrength,
  STRENGTH_LABELS,
  type PasswordStrength,
} from '../lib/password-strength';

const COLORS: Readonly<Record<PasswordStrength, string>> = { 50: 'red', 75: 'yellow', 100: 'teal' };

/** What the person reads before typing: the whole rule, briefly. */
const PASSWORD_RULE_HINT = `Use pelo menos ${PASSWORD_MIN_LENGTH} caracteres, sem sequências (123, abc) nem um caractere repetido 3 vezes seguidas. Para ficar forte: 2 caracteres especiais, letras maiúsculas e minúsculas.`;

export interface PasswordStrengthMeterProps {
  password: string;
}

/** The sentence under the label: what is missing, or that nothing is. */
function hintOf(password: string, score: PasswordStrength): string {
  if (password.length === 0) return PASSWORD_RULE_HINT;
  const missing = passwordMissing(password);
  if (missing.length === 0) return 'Pronto: a senha atende a todas as regras.';
  return `${score === 50 ? 'Para ser aceita' : 'Para ficar forte'}: ${listMissing(missing)}.`;
}

export function PasswordStrengthMeter({ password }: PasswordStrengthMeterProps) {
  const empty = password.length === 0;
  const score = passwordStrength(password);
  const label = empty ? 'Digite uma senha' : STRENGTH_LABELS[score];
  return (
    <Box>
      <Progress.Root size="sm">
        <Progress.Section
          value={empty ? 0 : score}
          color={COLORS[score]}
          withAria={false}
          role="progressbar"
          aria-label="Força da senha"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={empty ? 0 : score}
          aria-valuetext={empty ? 'Nenhuma senha digitada' : label}
        />
      </Progress.Root>
      <Text size="sm" mt={4} fw={600} c={empty ? 'dimmed' : undefined} data-testid="password-strength-label">
        {label}
      </Text>
      <Text size="xs" c="dimmed" data-testid="password-strength-missing">
        {hintOf(password, score)}
      </Text>
    </Box>
  );
}
