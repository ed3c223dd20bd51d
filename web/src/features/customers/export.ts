/**
 * "Exportar CSV": the customers matching the screen's search and tag filter, read from `GET
 * /api/customers` page after page (100 a page, the server's largest) in the browser — the API has no
 * export of its own — and bounded: at most `EXPORT_LIMIT` rows (100 requests), after which the
 * export stops and says so.
 * The file is UTF-8 with a BOM, `;`-separated and CRLF-ended, as spreadsheet programs set to pt_BR
 * open it; a text cell that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`) is written
 * after a `'` (CSV injection). Phones are E.164 (`+` and digits, normalized by the server), written
 * as they are.
 */
import { formatDateTime } from '../../lib/dates';
import { getCustomers, MAX_CUSTOMER_PAGE } from './api/get-customers';
import type { Customer } from './api/schemas';

/** The most rows one export reads. */
export const EXPORT_LIMIT = 10_000;

export interface ExportOptions {
  search: string;
  /** Only the customers with this tag (the screen's filter); null or absent: any. */
  tagId?: number | null;
  signal?: AbortSignal;
  /** After each page: the rows read so far. */
  onProgress?: (rows: number) => void;
  limit?: number;
  pageSize?: number;
}

export interface ExportResult {
  customers: Customer[];
  /** More customers match than `limit`: the export stopped there. */
  capped: boolean;
}

/** Reads the matching customers page after page, up to `limit`. */
export async function fetchCustomersForExport({
  search,
  tagId = null,
  signal,
  onProgress,
  limit = EXPORT_LIMIT,
  pageSize = MAX_CUSTOMER_PAGE,
}: ExportOptions): Promise<ExportResult> {
  const customers: Customer[] = [];
  let cursor: string | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const left = limit - customers.length;
    const page = await getCustomers({ search, tagId, cursor, limit: Math.min(pageSize, left), signal });
    customers.push(...page.data.slice(0, left));
    onProgress?.(customers.length);
    cursor = page.next_cursor ?? null;
    if (cursor === null || page.data.length === 0) return { customers, capped: false };
    if (customers.length >= limit) return { customers, capped: true };
  }
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formulas defused (text cells), quoted when it holds `;`, `"` or a line break. */
export function csvCell(value: string, text = true): string {
  const safe = text && FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const CSV_HEADER = ['ID', 'Nome', 'Telefone', 'Email', 'Bloqueado', 'Cliente desde'];

/** The CSV file's text (BOM included). */
export function customersCsv(customers: readonly Customer[]): string {
  const lines = [CSV_HEADER.join(';')];
  for (const customer of customers) {
    lines.push(
      [
        csvCell(String(customer.id), false),
        csvCell(customer.name),
        csvCell(customer.phone, false),
        csvCell(customer.email ?? ''),
        customer.blacklisted ? 'Sim' : 'Não',
        csvCell(formatDateTime(customer.createdAt), false),
      ].join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `clientes-2026-11-25.csv`, `clientes-maria-2026-11-25.csv` (the search, made file-safe). */
export function exportFileName(search: string, now: Date = new Date()): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  const slug = search
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return slug ? `clientes-${slug}-${day}.csv` : `clientes-${day}.csv`;
}
