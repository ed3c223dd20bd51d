import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { createQueryClient, onTwoFactorEnrollmentRequired } from './query-client';

describe('query client', () => {
  const refuse = (code: string) => () => Promise.reject(new ApiError(403, code, 'recusado'));

  it('reports a 403 two_factor_enrollment_required from any query, until unsubscribed', async () => {
    const client = createQueryClient();
    const handler = vi.fn();
    const unsubscribe = onTwoFactorEnrollmentRequired(client, handler);

    await client.fetchQuery({ queryKey: ['a'], queryFn: refuse('forbidden') }).catch(() => undefined);
    expect(handler).not.toHaveBeenCalled();

    await client
      .fetchQuery({ queryKey: ['b'], queryFn: refuse('two_factor_enrollment_required') })
      .catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);

    unsubscribe();
    await client
      .fetchQuery({ queryKey: ['c'], queryFn: refuse('two_factor_enrollment_required') })
      .catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('reports it from a mutation too', async () => {
    const client = createQueryClient();
    const handler = vi.fn();
    onTwoFactorEnrollmentRequired(client, handler);
    const mutation = client.getMutationCache().build(client, { mutationFn: refuse('two_factor_enrollment_required') });
    await mutation.execute(undefined).catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
