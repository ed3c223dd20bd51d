//! User and ticket limits as the tenant forms edit them: empty means "the plan's", 0 unlimited.

/** The value to send: null for empty (the server then takes the plan's), else the number. */
export function limitValue(value: number | string): number | null {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

export function validateLimit(value: number | string): string | null {
  const limit = limitValue(value);
  if (limit === null) return null;
  return Number.isInteger(limit) && limit >= 0 && limit <= 2_147_483_647 ? null : 'Informe zero (ilimitado) ou um número inteiro positivo.';
}

const NUMBER = new Intl.NumberFormat('pt-BR');

/** `Ilimitado` for 0, else the number with pt_BR grouping (`1.000`). */
export function formatLimit(limit: number): string {
  return limit === 0 ? 'Ilimitado' : NUMBER.format(limit);
}
