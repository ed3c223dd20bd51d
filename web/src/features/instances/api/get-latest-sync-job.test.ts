import { describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { getLatestSyncJob } from './get-latest-sync-job';

describe('the latest sync job of an instance', () => {
  it('a never-synced instance is null, whether the server answers 200 null or 404 (with or without a code)', async () => {
    logIn(['instances']);
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    stubFetch({
      'GET /api/instance/syncMessages': [
        () => json(null),
        () => json({ code: 'sync_not_found', message: 'Esta instância ainda não foi sincronizada.' }, 404),
        () => new Response(null, { status: 404 }),
      ],
    });
    await expect(getLatestSyncJob(4, undefined)).resolves.toBeNull();
    await expect(getLatestSyncJob(4, 'acme')).resolves.toBeNull();
    await expect(getLatestSyncJob(4, 'acme')).resolves.toBeNull();
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('a job is read as such; another failure is an error', async () => {
    logIn(['instances']);
    const job = { id: 11, instance_id: 4, status: 'done', fetched: 3, inserted: 2, error: null };
    stubFetch({
      'GET /api/instance/syncMessages': [
        () => json(job),
        () => json({ code: 'forbidden', message: 'Sem permissão.' }, 403),
      ],
    });
    await expect(getLatestSyncJob(4, undefined)).resolves.toMatchObject({ id: 11, status: 'done' });
    await expect(getLatestSyncJob(4, undefined)).rejects.toMatchObject({ status: 403 });
  });
});
