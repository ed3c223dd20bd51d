/** The authenticator app's codes and the secret as the user types them. */

/** Digits of a TOTP code. */
export const CODE_LENGTH = 6;

/** True when `code` is exactly six digits. */
export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}

/** The secret in groups of four characters, easier to type by hand. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** The .txt file of the recovery codes: one a line, with what they are for and when they were made. */
export function recoveryCodesFile(codes: readonly string[], madeAt: Date): { text: string; filename: string } {
  const day = madeAt.toISOString().slice(0, 10);
  const text = [
    'Códigos de recuperação do back-office',
    `Gerados em ${madeAt.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })}.`,
    'Cada código vale uma única vez, no lugar do código do aplicativo autenticador.',
    '',
    ...codes,
    '',
  ].join('\n');
  return { text, filename: `codigos-de-recuperacao-${day}.txt` };
}

/** "3 códigos de recuperação restantes", "1 código de recuperação restante", "Nenhum código…". */
export function recoveryCodesLeftText(left: number): string {
  if (left === 0) return 'Nenhum código de recuperação restante';
  return left === 1 ? '1 código de recuperação restante' : `${left} códigos de recuperação restantes`;
}

/** `recoveryCodesLeft` of the user info's user (docs/account.md), when it says. */
export function recoveryCodesLeftOf(user: Record<string, unknown> | undefined): number | undefined {
  const left = user?.recoveryCodesLeft;
  return typeof left === 'number' && Number.isInteger(left) && left >= 0 ? left : undefined;
}
