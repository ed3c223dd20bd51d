import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { apiTokenKeys } from '../keys';
import { apiToken, SECRET } from '../test-data';
import { useCreateApiToken } from './create-api-token';
import type { ApiToken } from './schemas';

describe('creating an API token', () => {
  it('keeps the secret out of every cache: the list gets the token without it, the mutation goes once reset', async () => {
    logIn(['users']);
    const { callsTo } = stubFetch({
      'POST /api/tokens': () => json({ ...apiToken({ id: 9 }), token: SECRET }, 201),
      'GET /api/tokens': () => json([apiToken({ id: 9 }), apiToken()]),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    client.setQueryData<ApiToken[]>(apiTokenKeys.list(), [apiToken()]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useCreateApiToken(), { wrapper });

    let secret = '';
    await act(async () => {
      secret = (
        await result.current.mutateAsync({
          name: 'ERP Bling',
          roleId: 2,
          instanceIds: [],
          departmentId: null,
          expiresAt: null,
        })
      ).token;
    });
    expect(secret).toBe(SECRET);
    // "Não expira": no `expiresAt` at all.
    expect(callsTo('POST /api/tokens')[0]?.body).toEqual({
      name: 'ERP Bling',
      roleId: 2,
      instanceIds: [],
      departmentId: null,
    });
    const list = client.getQueryData<ApiToken[]>(apiTokenKeys.list()) ?? [];
    expect(list.map((token) => token.id)).toEqual([9, 5]);
    expect(
      JSON.stringify(
        client
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
      ),
    ).not.toContain(SECRET);

    // Until the form resets it, the mutation holds the answer…
    expect(
      JSON.stringify(
        client
          .getMutationCache()
          .getAll()
          .map((mutation) => mutation.state.data),
      ),
    ).toContain(SECRET);
    act(() => result.current.reset());
    await waitFor(() =>
      expect(
        JSON.stringify(
          client
            .getMutationCache()
            .getAll()
            .map((mutation) => mutation.state.data),
        ),
      ).not.toContain(SECRET),
    );
  });
});
