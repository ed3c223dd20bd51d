/** Tokens and form options for the API tokens tests. */
import type { ApiToken, TokenOptions } from './api/schemas';

export const SECRET = 'bo_Ab3dE9kQ7rT2mN8pL4sV6xZ1cF5hJ0wY3uB7nM2q';

export function apiToken(extra: Partial<ApiToken> = {}): ApiToken {
  return {
    id: 5,
    name: 'ERP Bling',
    prefix: 'bo_Ab3dE9',
    userId: 40,
    roleId: 2,
    roleName: 'atendente',
    instanceIds: [],
    departmentId: null,
    status: 'active',
    expiresAt: '2027-02-23T12:00:00Z',
    lastUsedAt: null,
    lastUsedIp: null,
    createdBy: 'Ana Souza',
    createdAt: '2026-11-25T12:00:00Z',
    revokedAt: null,
    ...extra,
  };
}

export const OPTIONS: TokenOptions = {
  roles: [
    { id: 1, name: 'administrador', display_name: 'Administrador' },
    { id: 2, name: 'atendente', display_name: 'Atendente' },
  ],
  departments: [
    { id: 3, name: 'Vendas', activated: true },
    { id: 4, name: 'Suporte', activated: true },
  ],
  instances: [
    { id: 7, name: 'WhatsApp Loja', activated: true },
    { id: 8, name: 'WhatsApp Centro', activated: false },
  ],
};
