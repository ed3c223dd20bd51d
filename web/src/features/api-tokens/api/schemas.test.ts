import { describe, expect, it } from 'vitest';
import { ApiTokenListSchema, ApiTokenSchema, CreatedApiTokenSchema, TokenOptionsSchema } from './schemas';

const listed = {
  id: 5,
  name: 'ERP Bling',
  prefix: 'bo_Ab3dE9',
  userId: 40,
  roleId: 2,
  roleName: 'atendente',
  instanceIds: [7, 8],
  departmentId: 3,
  status: 'active',
  expiresAt: '2027-02-23T12:00:00Z',
  lastUsedAt: '2026-11-25T13:00:00Z',
  lastUsedIp: '203.0.113.9',
  createdBy: 'Ana Souza',
  createdAt: '2026-11-25T12:00:00Z',
  revokedAt: null,
};

describe('the API tokens’ schemas', () => {
  it('reads a token as GET /api/tokens lists it', () => {
    expect(ApiTokenListSchema.parse([listed])).toEqual([listed]);
  });

  it('reads what may be absent or null as null (never expires, never used, no creator) and no instances as all', () => {
    const token = ApiTokenSchema.parse({
      id: 6,
      name: 'n8n',
      prefix: 'bo_Zz9yX8',
      userId: 41,
      roleId: 1,
      status: 'revoked',
      createdAt: '2026-11-20T12:00:00Z',
      revokedAt: '2026-11-21T12:00:00Z',
    });
    expect(token).toMatchObject({
      roleName: '',
      instanceIds: [],
      departmentId: null,
      expiresAt: null,
      lastUsedAt: null,
      lastUsedIp: null,
      createdBy: null,
      revokedAt: '2026-11-21T12:00:00Z',
    });
  });

  it('keeps a status it does not know yet, and refuses a token without its id or prefix', () => {
    expect(ApiTokenSchema.parse({ ...listed, status: 'suspended' }).status).toBe('suspended');
    expect(ApiTokenSchema.safeParse({ ...listed, id: undefined }).success).toBe(false);
    expect(ApiTokenSchema.safeParse({ ...listed, prefix: undefined }).success).toBe(false);
  });

  it('reads the create answer with its secret, and refuses one without it', () => {
    const secret = 'bo_Ab3dE9kQ7rT2mN8pL4sV6xZ1cF5hJ0wY3uB7nM2q';
    expect(CreatedApiTokenSchema.parse({ ...listed, token: secret }).token).toBe(secret);
    expect(CreatedApiTokenSchema.safeParse(listed).success).toBe(false);
    expect(CreatedApiTokenSchema.safeParse({ ...listed, token: '' }).success).toBe(false);
  });

  it('reads the form’s options, an instance without `activated` as active, and empty lists when absent', () => {
    const options = TokenOptionsSchema.parse({
      roles: [{ id: 2, name: 'atendente', display_name: 'Atendente', has_permission_routes: ['home'] }],
      instances: [{ id: 7, name: 'WhatsApp Loja' }],
    });
    expect(options.roles[0]).toMatchObject({ id: 2, display_name: 'Atendente' });
    expect(options.instances).toEqual([{ id: 7, name: 'WhatsApp Loja', activated: true }]);
    expect(options.departments).toEqual([]);
  });
});
