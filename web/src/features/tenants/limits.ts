/**
 * User, ticket and media limits as the tenant forms edit them (empty means "the plan's", 0
 * unlimited), the CNPJ field (its mask while typing and the server's check), and how tenant numbers
 * are shown (media limits, in MB, as words: `2 GB`).
 */
import { formatBytes } from '../../lib/download';

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

/** A media limit in MB as words: `Ilimitado` for 0, else `500 MB`, `2 GB`, `1,5 GB`. */
export function formatMediaLimit(megabytes: number): string {
  return megabytes === 0 ? 'Ilimitado' : formatBytes(megabytes * 1024 * 1024);
}

/**
 * What the CNPJ field shows while typing: the digits (at most 14) in the mask `00.000.000/0000-00`,
 * punctuation added as the digits arrive (`11222` → `11.222`, `112223330` → `11.222.333/0`).
 */
export function maskCnpj(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 14);
  const parts: [number, number, string][] = [
    [0, 2, ''],
    [2, 5, '.'],
    [5, 8, '.'],
    [8, 12, '/'],
    [12, 14, '-'],
  ];
  return parts
    .filter(([start]) => digits.length > start)
    .map(([start, end, separator]) => separator + digits.slice(start, end))
    .join('');
}

function cnpjCheckDigit(digits: number[]): number {
  // Weights 2..9 from the right, repeating (the Receita Federal's rule, as the server checks it).
  const sum = digits
    .slice()
    .reverse()
    .reduce((total, digit, index) => total + digit * (2 + (index % 8)), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * The server's CNPJ rule (docs/tenancy.md: 14 digits, check digits, not all equal), with its pt_BR
 * messages, so a typo is said under the field before sending; empty is fine (no CNPJ).
 */
export function validateCnpj(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  const digits = text.replace(/[./\-\s]/g, '');
  if (!/^\d{14}$/.test(digits)) return 'O CNPJ deve ter 14 dígitos.';
  const numbers = [...digits].map(Number);
  if (numbers.every((digit) => digit === numbers[0])) return 'CNPJ inválido.';
  if (cnpjCheckDigit(numbers.slice(0, 12)) !== numbers[12] || cnpjCheckDigit(numbers.slice(0, 13)) !== numbers[13]) {
    return 'CNPJ inválido: dígitos verificadores não conferem.';
  }
  return null;
}

/** A CNPJ as people write it (`11.222.333/0001-81`); anything that is not 14 digits as it came. */
export function formatCnpj(cnpj: string | null | undefined): string | null {
  if (!cnpj) return null;
  const digits = cnpj.replace(/\D/g, '');
  if (digits.length !== 14) return cnpj;
  return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;
}

/**
 * What an empty limit field means under the chosen plan: `Vazio: o do plano (1.000); 0: ilimitado`
 * (`format` words the plan's limit: `2 GB` for media).
 */
export function planLimitHint(planLimit: number | undefined, format: (limit: number) => string = formatLimit): string {
  if (planLimit === undefined) return 'Vazio: o do plano; 0: ilimitado';
  return `Vazio: o do plano (${planLimit === 0 ? 'ilimitado' : format(planLimit)}); 0: ilimitado`;
}
