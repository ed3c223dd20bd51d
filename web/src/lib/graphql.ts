/**
 * GraphQL calls (`POST /graphql`, docs/contracts.md#graphql) through the one HTTP client
 * (lib/http.ts: the bearer token, the 401 rules, the loading indicator). The server answers 200
 * with `{data, errors}`; a field's error (`errors[].message` in pt_BR, `extensions.code` and
 * `extensions.fields` as REST's `code` and `errors`) is thrown as an `ApiError` like a REST
 * refusal, so callers handle both the same way (lib/api-errors.ts).
 */
import * as z from 'zod/mini';
import { ApiError, http, type FieldError } from './http';

export const GRAPHQL_PATH = '/graphql';

const GraphqlErrorSchema = z.looseObject({
  message: z.string(),
  extensions: z.optional(
    z.looseObject({
      code: z.optional(z.string()),
      fields: z.optional(z.array(z.object({ field: z.optional(z.string()), message: z.string() }))),
    }),
  ),
});

/**
 * Runs one operation and returns its `data`, checked by `schema`. A GraphQL error rejects with an
 * `ApiError` (HTTP status 200, the first error's code and message); an answer without errors that
 * does not match `schema` rejects with code `invalid_response`.
 */
export async function graphql<T>(
  query: string,
  variables: Record<string, unknown> | undefined,
  schema: z.core.$ZodType<T>,
): Promise<T> {
  const answer = await http.post(GRAPHQL_PATH, variables ? { query, variables } : { query }, {
    schema: z.looseObject({ data: z.nullish(z.unknown()), errors: z.optional(z.array(GraphqlErrorSchema)) }),
  });
  const [first] = answer.errors ?? [];
  if (first) {
    const fields: FieldError[] = (first.extensions?.fields ?? []).map(({ field, message }) =>
      field === undefined ? { message } : { field, message },
    );
    throw new ApiError(200, first.extensions?.code ?? 'graphql_error', first.message, fields, answer);
  }
  const parsed = z.safeParse(schema, answer.data);
  if (!parsed.success) throw new ApiError(200, 'invalid_response', 'Resposta inesperada do servidor.', [], answer);
  return parsed.data;
}
