/** Entries, filter options, settings and retention policies for the audit screen's tests. */
import type {
  AuditEntry,
  AuditFilterOptions,
  AuditPage,
  AuditSettings,
  ConsentSetting,
  Retention,
} from './api/schemas';

export function auditEntry(extra: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 120,
    at: '2026-12-06T16:05:00Z',
    userId: 7,
    userName: 'Ana Souza',
    via: 'session',
    apiTokenId: null,
    ip: '203.0.113.9',
    action: 'users_create',
    label: 'Cria um usuário',
    area: 'usuários',
    method: 'POST',
    path: '/api/users',
    status: 201,
    ...extra,
  };
}

/** An integration's write through its API token. */
export const TOKEN_ENTRY = auditEntry({
  id: 119,
  at: '2026-12-06T15:58:00Z',
  userId: 40,
  userName: 'ERP Bling',
  via: 'token',
  apiTokenId: 5,
  ip: null,
  action: 'tags_create',
  label: 'Cria uma etiqueta',
  area: 'etiquetas',
  path: '/api/tags',
});

export function auditPage(data: AuditEntry[], nextCursor: number | null = null): AuditPage {
  return { data, nextCursor };
}

export const FILTER_OPTIONS: AuditFilterOptions = {
  actions: [
    { action: 'users_create', label: 'Cria um usuário', area: 'usuários' },
    { action: 'users_update', label: 'Altera um usuário', area: 'usuários' },
    { action: 'tags_create', label: 'Cria uma etiqueta', area: 'etiquetas' },
    { action: 'sheets_download', label: 'Baixa uma planilha', area: 'planilhas' },
  ],
  actors: [
    { id: 7, name: 'Ana Souza', kind: 'person' },
    { id: 40, name: 'ERP Bling', kind: 'integration' },
  ],
};

/** `GET /api/retention`: login failures kept 90 days, the rest forever, never cleaned up yet. */
export function retention(extra: Partial<Retention> = {}): Retention {
  return {
    policy: {
      loginFailuresDays: 90,
      webhookDeliveriesDays: null,
      auditLogDays: null,
      messagesDays: null,
      mediaDays: null,
    },
    kinds: [
      { field: 'loginFailuresDays', label: 'falhas de login', minDays: 30 },
      { field: 'webhookDeliveriesDays', label: 'entregas de webhook', minDays: 7 },
      { field: 'auditLogDays', label: 'registros de auditoria', minDays: 180 },
      { field: 'messagesDays', label: 'conteúdo de mensagens', minDays: 30 },
      { field: 'mediaDays', label: 'arquivos de mensagens', minDays: 7 },
    ],
    maxDays: 3650,
    lastRun: null,
    ...extra,
  };
}

/** `GET /api/audit/settings`: conversation reads not recorded (as a tenant starts). */
export function auditSettings(extra: Partial<AuditSettings> = {}): AuditSettings {
  return { conversationReads: false, ...extra };
}

/** `GET /api/privacy/consent`: off, no text saved yet (as a tenant starts). */
export function consentSetting(extra: Partial<ConsentSetting> = {}): ConsentSetting {
  return { enabled: false, text: '', version: 0, updatedAt: null, ...extra };
}
