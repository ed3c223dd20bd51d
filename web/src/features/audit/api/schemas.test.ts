import { describe, expect, it } from 'vitest';
import { auditEntry, retention } from '../test-data';
import { AuditFilterOptionsSchema, AuditPageSchema, AuditSettingsSchema, RetentionSchema } from './schemas';

describe('the audit log’s schemas', () => {
  it('reads a page as GET /api/audit answers it', () => {
    const page = { data: [auditEntry()], nextCursor: 70 };
    expect(AuditPageSchema.parse(page)).toEqual(page);
  });

  it('reads a gone author, no address and the last page as null', () => {
    const { userId: _userId, ip: _ip, apiTokenId: _token, ...rest } = auditEntry();
    const page = AuditPageSchema.parse({ data: [rest] });
    expect(page.nextCursor).toBeNull();
    expect(page.data[0]).toMatchObject({ userId: null, ip: null, apiTokenId: null });
  });

  it('refuses an entry without its id, instant or operation', () => {
    for (const field of ['id', 'at', 'action'] as const) {
      expect(AuditPageSchema.safeParse({ data: [{ ...auditEntry(), [field]: undefined }] }).success).toBe(false);
    }
  });

  it('reads the filters’ options, empty lists when absent', () => {
    expect(AuditFilterOptionsSchema.parse({ actors: [{ id: 40, name: 'ERP Bling', kind: 'integration' }] })).toEqual({
      actions: [],
      actors: [{ id: 40, name: 'ERP Bling', kind: 'integration' }],
    });
  });

  it('reads the retention policy as GET /api/retention answers it, no clean-up yet as null', () => {
    const answer = retention({
      lastRun: { at: '2026-12-06T07:10:00Z', removed: [{ label: 'falhas de login', rows: 12 }] },
    });
    expect(RetentionSchema.parse(answer)).toEqual(answer);
    const { lastRun: _lastRun, ...rest } = retention();
    expect(RetentionSchema.parse(rest).lastRun).toBeNull();
  });

  it('reads the settings as GET /api/audit/settings answers them, and refuses them without the setting', () => {
    expect(AuditSettingsSchema.parse({ conversationReads: true })).toEqual({ conversationReads: true });
    expect(AuditSettingsSchema.safeParse({}).success).toBe(false);
  });
});
