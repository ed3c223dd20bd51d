/**
 * How the satisfaction figures are written (pt_BR): a figure without a sample is `—`, never `0 %`.
 */

const AVERAGE = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const INTEGER = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

export const NO_SAMPLE = '—';

/** `5.120` */
export function formatCount(value: number): string {
  return INTEGER.format(value);
}

/** A grade average: `4,50`; `—` without answers. */
export function formatAverage(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_SAMPLE;
  return AVERAGE.format(value);
}

/** A percentage given as 0–100: `87 %`; `—` without a sample. */
export function formatPercentValue(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_SAMPLE;
  return `${PERCENT.format(value)} %`;
}

/** A grade as stars: `★★★★☆` for 4. */
export function stars(rating: number): string {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(5 - full);
}

/** The grade's accessible name: `nota 4 de 5`. */
export function ratingLabel(rating: number): string {
  return `nota ${rating} de 5`;
}

/** The answer deadlines offered (minutes). The server takes 5 to 10 080. */
export const ANSWER_DEADLINES: readonly { value: number; label: string }[] = [
  { value: 30, label: '30 minutos' },
  { value: 60, label: '1 hora' },
  { value: 240, label: '4 horas' },
  { value: 1440, label: '24 horas' },
  { value: 4320, label: '3 dias' },
  { value: 10_080, label: '7 dias' },
];

/** A deadline in words: one of the choices, else `N min`. */
export function deadlineLabel(minutes: number): string {
  return ANSWER_DEADLINES.find((choice) => choice.value === minutes)?.label ?? `${formatCount(minutes)} minutos`;
}

/** The question as the customer reads it: `{{nome}}` and `{{atendente}}` filled in. */
export function previewQuestion(question: string, customer = 'Maria', agent = 'Ana'): string {
  return question.replace(/\{\{\s*nome\s*\}\}/g, customer).replace(/\{\{\s*atendente\s*\}\}/g, agent);
}
