import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('reports a 403 two_factor_enrollment_required from any query', async () => {
    const onTwoFactorEnrollmentRequired = vi.fn();
    const client = createQueryClient({ onTwoFactorEnrollmentRequired });
    const refuse = (code: string) => () => Promise.reject(new ApiError(403, code, 'recusado'));

    await client.fetchQuery({ queryKey: ['a'], queryFn: refuse('forbidden') }).catch(() => undefined);
    expect(onTwoFactorEnrollmentRequired).not.toHaveBeenCalled();

    await client.fetchQuery({ queryKey: ['b'], queryFn: refuse('two_factor_enrollment_required') }).catch(() => undefined);
    expect(onTwoFactorEnrollmentRequired).toHaveBeenCalledTimes(1);
  });
});
