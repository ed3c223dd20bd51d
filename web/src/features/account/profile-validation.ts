/** Client checks of "Seus dados" (docs/account.md#my-name-and-photo); the server checks again (422). */

/** The server's limit for names. */
export const MAX_NAME_LENGTH = 120;

export function validateProfileName(value: string): string | null {
  const name = value.trim();
  if (name === '') return 'Informe o seu nome.';
  if (name.length > MAX_NAME_LENGTH) return `Use no máximo ${MAX_NAME_LENGTH} caracteres.`;
  return null;
}

/** Empty (no photo) or an `https://` address, as the server accepts. */
export function validatePhotoUrl(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  try {
    if (new URL(text).protocol === 'https:') return null;
  } catch {
    // not a URL at all: the message below
  }
  return 'Use um endereço que comece com https:// ou deixe em branco.';
}
