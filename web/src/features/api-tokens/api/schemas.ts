/**
 * The API tokens' shapes (issue 47, `/api/tokens`, camelCase): a token as the list shows it (never
 * its secret), the create answer (the same and, this once, the secret `token`), and the form's
 * options (`GET /api/users/options`: the roles, active departments and instances).
 */
import * as z from 'zod/mini';

export const TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

export const ApiTokenSchema = z.object({
  id: z.number(),
  /** The integration's name ("ERP Bling"): the author of what the token does. */
  name: z.string(),
  /** The token's first characters (`bo_Ab3dE9`), to recognise it. */
  prefix: z.string(),
  /** The integration user the token acts through. */
  userId: z.number(),
  roleId: z.number(),
  /** The role's name (`atendente`); the form's options give its display name. */
  roleName: z._default(z.string(), ''),
  /** The instances it is restricted to; empty: all of them. */
  instanceIds: z._default(z.array(z.number()), []),
  departmentId: z._default(z.nullish(z.number()), null),
  /** `active`, `expired` or `revoked`; a status this screen does not know yet is kept as is. */
  status: z.string(),
  /** Null: never expires. */
  expiresAt: z._default(z.nullish(z.string()), null),
  lastUsedAt: z._default(z.nullish(z.string()), null),
  lastUsedIp: z._default(z.nullish(z.string()), null),
  /** The creator's name. */
  createdBy: z._default(z.nullish(z.string()), null),
  createdAt: z.string(),
  revokedAt: z._default(z.nullish(z.string()), null),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenListSchema = z.array(ApiTokenSchema);

/** The create answer: the token and its secret (`bo_` and 40 characters), shown only this once. */
export const CreatedApiTokenSchema = z.extend(ApiTokenSchema, { token: z.string().check(z.minLength(1)) });
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

const RoleOptionSchema = z.looseObject({ id: z.number(), name: z.string(), display_name: z.string() });
const ToggledOptionSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  activated: z._default(z.boolean(), true),
});

/** `GET /api/users/options` (route `users`, the same as the tokens'). */
export const TokenOptionsSchema = z.object({
  roles: z._default(z.array(RoleOptionSchema), []),
  departments: z._default(z.array(ToggledOptionSchema), []),
  instances: z._default(z.array(ToggledOptionSchema), []),
});
export type TokenOptions = z.infer<typeof TokenOptionsSchema>;

/** What `POST /api/tokens` takes. */
export interface ApiTokenInput {
  name: string;
  roleId: number;
  /** Empty: every instance. */
  instanceIds: number[];
  /** Only with instances. */
  departmentId: number | null;
  /** An ISO instant at most two years ahead; null: never expires. */
  expiresAt: string | null;
}
