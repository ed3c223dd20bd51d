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
