/**
 * POST /api/campaigns/recipients/import with the file's bytes as the body (`Content-Type` an xlsx
 * or `text/csv`; docs/campaigns.md) → `{contacts, columns, errors}`: the rows read (phone, name,
 * the other columns as variables) and, row by row, why the others were left out. Nothing is
 * written: the contacts go with the create call.
 */
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ImportResultSchema, type ImportResult } from './schemas';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv';
/** What the file picker offers. */
export const IMPORT_ACCEPT = `.xlsx,.csv,${XLSX_TYPE},${CSV_TYPE}`;

/** The file's type by its name (browsers often give a CSV no type, or `application/vnd.ms-excel`). */
export function importContentType(file: File): string | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xlsx')) return XLSX_TYPE;
  if (name.endsWith('.csv')) return CSV_TYPE;
  if (file.type === XLSX_TYPE || file.type === CSV_TYPE) return file.type;
  return null;
}

export function importRecipients(file: File): Promise<ImportResult> {
  return http.post('/api/campaigns/recipients/import', file, {
    contentType: importContentType(file) ?? CSV_TYPE,
    schema: ImportResultSchema,
  });
}

export function useImportRecipients() {
  return useMutation({ mutationFn: importRecipients });
}
