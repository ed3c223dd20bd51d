/**
 * The sheets (docs/analytics.md#sheets): `GET /api/tenant/sheets/{orders|attendances|instance_logs|
 * reasons}?startAt&finishAt…` answer `.xlsx` (route `dashboard-report`, feature `reports`), named by
 * the server's `Content-Disposition`. A tenant's users download their own tenant's (the report
 * screen); operators any tenant's (the tenants screen), named as the specification writes each
 * call: `tenancyId` on the reasons sheet, `tenantName` on the other three.
 */
import type { QueryParams } from './http';
import type { Period } from './period';

export type SheetKind = 'orders' | 'attendances' | 'instance_logs' | 'reasons';

export interface SheetOptions {
  /** attendances: one instance (`websiteId`), null = every instance. */
  websiteId?: number | null;
  /** attendances: tickets still open with an estimated resolution time. */
  estimation?: boolean;
  /** attendances: the tickets with one tag (`tagId`), null = every ticket. */
  tagId?: number | null;
  /** reasons: one closing reason, null = every reason. */
  reasonId?: number | null;
}

export const SHEETS: readonly { kind: SheetKind; title: string; description: string; fallbackName: string }[] = [
  {
    kind: 'orders',
    title: 'Pedidos',
    description: 'Os pedidos não cancelados do período, com valor e atendente.',
    fallbackName: 'pedidos',
  },
  {
    kind: 'attendances',
    title: 'Atendimentos',
    description:
      'Os tickets do período com suas etiquetas e os tempos de primeira resposta e de resolução (em minutos).',
    fallbackName: 'atendimentos',
  },
  {
    kind: 'instance_logs',
    title: 'Registros das instâncias',
    description: 'Conexões, desconexões e sincronizações das instâncias.',
    fallbackName: 'registros_instancias',
  },
  {
    kind: 'reasons',
    title: 'Motivos de encerramento',
    description: 'Os tickets encerrados no período e o motivo de cada um.',
    fallbackName: 'motivos',
  },
];

/** The tenant an operator downloads for (absent: the caller's own). */
export interface SheetTenant {
  /** The tenant's id in the control database (`tenancyId`). */
  id: number;
  name: string;
}

export function sheetPath(kind: SheetKind): string {
  return `/api/tenant/sheets/${kind}`;
}

/**
 * The query string of a sheet: the period, the options that sheet takes and, for an operator, the
 * tenant (`tenancyId` for the reasons — the specification's `reasons?startAt&finishAt&tenancyId&
 * reasonId` —, `tenantName` for the others).
 */
export function sheetQuery(
  kind: SheetKind,
  period: Period,
  options: SheetOptions = {},
  tenant: SheetTenant | null = null,
): QueryParams {
  const query: QueryParams = { startAt: period.from, finishAt: period.to };
  if (tenant) {
    if (kind === 'reasons') query.tenancyId = tenant.id;
    else query.tenantName = tenant.name;
  }
  if (kind === 'attendances') {
    query.websiteId = options.websiteId ?? undefined;
    query.estimation = options.estimation ? true : undefined;
    query.tagId = options.tagId ?? undefined;
  }
  if (kind === 'reasons') query.reasonId = options.reasonId ?? undefined;
  return query;
}

/** `pedidos_2026-11-01_a_2026-11-30.xlsx`, when the answer names no file. */
export function fallbackFileName(base: string, period: Period, tenant: SheetTenant | null = null): string {
  return `${base}${tenant ? `_${tenant.name}` : ''}_${period.from}_a_${period.to}.xlsx`;
}

/** A choice of a sheet's picker (an instance, a closing reason). */
export interface SheetChoice {
  id: number;
  name: string;
}

/** Where a picker's choices come from: a query's state. */
export interface SheetChoices {
  data?: readonly SheetChoice[] | undefined;
  isError: boolean;
}
