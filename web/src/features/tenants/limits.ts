/**
 * User and ticket limits as the tenant forms edit them (empty means "the plan's", 0 unlimited),
 * and how tenant numbers are shown.
 */

/** The value to send: null for empty (the server then takes the plan's), else the number. */
export function limitValue(value: number | string): number | null {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
}

export function validateLimit(value: number | string): string | null {
  const limit = limitValue(value);
  if (limit === null) return null;
  return Number.isInteger(limit) && limit >= 0 && limit <= 2_147_483_647
    ? null
    : 'Informe zero (ilimitado) ou um número inteiro positivo.';
}

const NUMBER = new Intl.NumberFormat('pt-BR');

/** `Ilimitado` for 0, else the number with pt_BR grouping (`1.000`). */
export function formatLimit(limit: number): string {
  return limit === 0 ? 'Ilimitado' : NUMBER.format(limit);
}

/** A CNPJ as people write it (`11.222.333/0001-81`); anything that is not 14 digits as it came. */
export function formatCnpj(cnpj: string | null | undefined): string | null {
  if (!cnpj) return null;
  const digits = cnpj.replace(/\D/g, '');
  if (digits.length !== 14) return cnpj;
  return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;
}

/** What an empty limit field means under the chosen plan: `Vazio: o do plano (1.000); 0: ilimitado`. */
export function planLimitHint(planLimit: number | undefined): string {
  if (planLimit === undefined) return 'Vazio: o do plano; 0: ilimitado';
  return `Vazio: o do plano (${formatLimit(planLimit).toLowerCase()}); 0: ilimitado`;
}
