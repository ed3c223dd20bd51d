/**
 * What the home board says about its sections (docs/account.md#home-board): pt_BR numbers and
 * labels, and what needs attention, as plain functions the cards and the tests share.
 */
import { formatBytes } from '../../lib/download';
import type { Board, Gauge } from './api/get-home';

const NUMBER = new Intl.NumberFormat('pt-BR');

/** `1.240` (pt_BR grouping). */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** "1 pessoa" / "3 pessoas". */
export function plural(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

/** A gauge's share of its limit from this on is "near" (the server's NEAR_LIMIT_PERCENT). */
export const NEAR_LIMIT = 0.8;
/** Failed logins in 24 hours that make the card ask for attention. */
export const LOGIN_FAILURES_ALERT = 10;

/** The used share of a gauge's limit (0–1+), or null without a limit. */
export function share(gauge: Gauge): number | null {
  if (gauge.limit === null || gauge.limit === undefined || gauge.limit <= 0) return null;
  return gauge.used / gauge.limit;
}

export function isNear(gauge: Gauge | null | undefined): boolean {
  if (!gauge) return false;
  const used = share(gauge);
  return used !== null && used >= NEAR_LIMIT;
}

/** A gauge's noun, singular and plural. */
export interface Noun {
  one: string;
  many: string;
}

export const USERS: Noun = { one: 'usuário', many: 'usuários' };
export const TICKETS_THIS_MONTH: Noun = { one: 'ticket este mês', many: 'tickets este mês' };

/** `8 de 25 usuários`, `1.240 de 10.000 tickets este mês`; without a limit `1 usuário`. */
export function gaugeText(gauge: Gauge, noun: Noun): string {
  const limited = gauge.limit !== null && gauge.limit !== undefined && gauge.limit > 0;
  const count = limited ? (gauge.limit ?? 0) : gauge.used;
  const word = count === 1 ? noun.one : noun.many;
  return limited
    ? `${formatNumber(gauge.used)} de ${formatNumber(gauge.limit ?? 0)} ${word}`
    : `${formatNumber(gauge.used)} ${word}`;
}

/** A gauge of bytes (the media kept): `1,2 GB de 2 GB`, `350 MB de 2 GB`; without a limit `12 MB`. */
export function bytesGaugeText(gauge: Gauge): string {
  const limited = gauge.limit !== null && gauge.limit !== undefined && gauge.limit > 0;
  return limited ? `${formatBytes(gauge.used)} de ${formatBytes(gauge.limit ?? 0)}` : formatBytes(gauge.used);
}

/**
 * The plan usage in one line: "8 de 25 usuários · 1.240 de 10.000 tickets este mês · 1,2 GB de 2 GB
 * de mídia".
 */
export function usageSummary(usage: NonNullable<Board['usage']>): string {
  const parts: string[] = [];
  if (usage.users) parts.push(gaugeText(usage.users, USERS));
  if (usage.ticketsThisMonth) parts.push(gaugeText(usage.ticketsThisMonth, TICKETS_THIS_MONTH));
  if (usage.mediaBytes) parts.push(`${bytesGaugeText(usage.mediaBytes)} de mídia`);
  return parts.join(' · ');
}

/** `32%` (pt_BR, whole percent). */
export function formatPercent(ratio: number): string {
  return `${formatNumber(Math.round(ratio * 100))}%`;
}

/** An instance's connection status in pt_BR. */
export function instanceStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'connected':
      return 'Conectada';
    case 'connecting':
      return 'Conectando';
    case 'qrcode':
      return 'Aguardando o QR code';
    case 'disconnected':
      return 'Desconectada';
    default:
      return status ? `Situação: ${status}` : 'Sem conexão';
  }
}

/** Why an instance is on the list: its status, and a failed sync. */
export function instanceProblem(instance: { status?: string | null; lastSyncStatus?: string | null }): string {
  const parts: string[] = [];
  if (instance.status !== 'connected') parts.push(instanceStatusLabel(instance.status));
  if (instance.lastSyncStatus === 'failed') parts.push('sincronização falhou');
  return parts.join(' · ') || 'Pede atenção';
}

/** A limit's resource in pt_BR (`users`, `ticketsThisMonth`, `mediaBytes`). */
export function resourceLabel(resource: string): string {
  if (resource === 'users') return 'usuários';
  if (resource === 'ticketsThisMonth') return 'tickets este mês';
  if (resource === 'instances') return 'instâncias';
  if (resource === 'mediaBytes') return 'de mídia';
  return resource;
}

/** A tenant near a limit: `24 de 25 usuários`; media in bytes as words, `1,8 GB de 2 GB de mídia`. */
export function nearLimitText(near: { resource: string; used: number; limit: number }): string {
  if (near.resource === 'mediaBytes') {
    return `${bytesGaugeText({ used: near.used, limit: near.limit })} ${resourceLabel(near.resource)}`;
  }
  return `${formatNumber(near.used)} de ${formatNumber(near.limit)} ${resourceLabel(near.resource)}`;
}

/**
 * True when some section of the board asks someone to act. `withInbox`: the inbox card is shown
 * (an operator's board leaves it out).
 */
export function needsAttention(board: Board, withInbox = true): boolean {
  const instances = board.instances;
  if (instances && (instances.attentionCount ?? instances.attention.length) > 0) return true;
  if (board.people && (board.people.blockedCount > 0 || board.people.missingTwoFactor > 0)) return true;
  const usage = board.usage;
  if (usage && (isNear(usage.users) || isNear(usage.ticketsThisMonth) || isNear(usage.mediaBytes))) return true;
  if (board.loginFailures && board.loginFailures.last24h >= LOGIN_FAILURES_ALERT) return true;
  if (withInbox && board.inbox && board.inbox.pending > 0) return true;
  if (board.operator && board.operator.nearLimits.length > 0) return true;
  return false;
}

/** True when the board has no section at all for this person. */
export function isEmptyBoard(board: Board): boolean {
  return !board.instances && !board.people && !board.usage && !board.loginFailures && !board.inbox && !board.operator;
}
