import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/http';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { changeUserEmail } from './change-user-email';
import { changeUserName } from './change-user-name';
import { createUser } from './create-user';
import { deleteUser } from './delete-user';
import { getUsers } from './get-users';
import { updateUser } from './update-user';

const ana = {
  id: 3,
  name: 'Ana Souza',
  username: 'ana',
  email: 'ana@acme.com.br',
  image: null,
  role: { id: 3, name: 'atendente', display_name: 'Atendente' },
  isConnected: false,
  userDepartment: null,
  userInstances: [],
};

const refused = (message: string, field?: string) =>
  json({ code: 'unprocessable_entity', message, errors: field ? [{ field, message }] : [] }, 422);

/** Runs a true/false call and keeps what it reported. */
async function answer(call: (onFailure: (error: unknown) => void) => Promise<boolean>) {
  const failures: unknown[] = [];
  const ok = await call((error) => failures.push(error));
  return { ok, failures };
}

// The specification's §8 (docs/contracts.md#error-messages).
describe('users API: the changes answer true or false', () => {
  it('add (POST /api/users): true when created, false with the server message and field errors', async () => {
    logIn(['users']);
    stubFetch({
      'POST /api/users': [() => json(ana, 201), () => refused('Este email já está em uso.', 'email')],
    });
    const input = {
      name: 'Ana',
      email: 'ana@acme.com.br',
      password: 'S3nh@#Forte',
      role_id: 3,
      user_department_id: null,
      chosen_instances: [],
    };
    expect(await answer((onFailure) => createUser(input, onFailure))).toEqual({ ok: true, failures: [] });
    const failed = await answer((onFailure) => createUser(input, onFailure));
    expect(failed.ok).toBe(false);
    const error = failed.failures[0] as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Este email já está em uso.');
    expect(error.errors).toEqual([{ field: 'email', message: 'Este email já está em uso.' }]);
  });

  it('alter (PUT /api/users/{id}, the whole object): true or false', async () => {
    logIn(['users']);
    const { callsTo } = stubFetch({
      'PUT /api/users/3': [() => json(ana), () => json({ code: 'not_found', message: 'Usuário não encontrado.' }, 404)],
    });
    const changes = { name: 'Ana', email: 'ana@acme.com.br', username: 'ana', user_department_id: null };
    expect(await answer((onFailure) => updateUser({ id: 3, changes }, onFailure))).toEqual({ ok: true, failures: [] });
    const failed = await answer((onFailure) => updateUser({ id: 3, changes }, onFailure));
    expect(failed.ok).toBe(false);
    expect((failed.failures[0] as ApiError).message).toBe('Usuário não encontrado.');
    expect(callsTo('PUT /api/users/3')[0]?.body).toEqual(changes);
  });

  it('delete (DELETE /api/users/{id}): true on 204, false with the server message', async () => {
    logIn(['users']);
    stubFetch({
      'DELETE /api/users/3': [
        () => new Response(null, { status: 204 }),
        () => refused('Você não pode excluir o seu próprio usuário.'),
      ],
    });
    expect(await answer((onFailure) => deleteUser(3, onFailure))).toEqual({ ok: true, failures: [] });
    const failed = await answer((onFailure) => deleteUser(3, onFailure));
    expect(failed.ok).toBe(false);
    expect((failed.failures[0] as ApiError).message).toBe('Você não pode excluir o seu próprio usuário.');
  });

  it('email change (PUT {email}) and name change (PUT {name}): true or false, never a throw', async () => {
    logIn(['users']);
    const { callsTo } = stubFetch({
      'PUT /api/users/3': [
        () => json({ ...ana, email: 'nova@acme.com.br' }),
        () => refused('Email inválido.', 'email'),
        () => json({ ...ana, name: 'Ana Lima' }),
        () => json({ code: 'server_error' }, 500),
      ],
    });
    expect(await changeUserEmail({ id: 3, email: 'nova@acme.com.br' })).toBe(true);
    const email = await answer((onFailure) => changeUserEmail({ id: 3, email: 'x' }, onFailure));
    expect(email.ok).toBe(false);
    expect((email.failures[0] as ApiError).errors).toEqual([{ field: 'email', message: 'Email inválido.' }]);
    expect(await changeUserName({ id: 3, name: 'Ana Lima' })).toBe(true);
    await expect(changeUserName({ id: 3, name: 'Ana Lima' })).resolves.toBe(false);
    expect(callsTo('PUT /api/users/3').map((call) => call.body)).toEqual([
      { email: 'nova@acme.com.br' },
      { email: 'x' },
      { name: 'Ana Lima' },
      { name: 'Ana Lima' },
    ]);
  });
});

describe('users API: the list', () => {
  it('a failure yields an empty list, with the failure kept for the screen', async () => {
    logIn(['users']);
    stubFetch({
      'GET /api/users': () => json({ code: 'forbidden', message: 'Você não tem permissão para abrir esta tela.' }, 403),
    });
    const page = await getUsers({ page: 2, limit: 20, search: '' });
    expect(page.data).toEqual([]);
    expect(page.pagination).toEqual({ page: 2, limit: 20, total: 0, pages: 0 });
    expect(page.failure).toBeInstanceOf(ApiError);
    expect((page.failure as ApiError).message).toBe('Você não tem permissão para abrir esta tela.');
  });

  it('a network failure and an unexpected answer are failures too', async () => {
    logIn(['users']);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ 'GET /api/users': [() => Promise.reject(new TypeError('offline')), () => json({ data: 'x' })] });
    const offline = await getUsers({ page: 1, limit: 20, search: '' });
    expect(offline.data).toEqual([]);
    expect((offline.failure as ApiError).code).toBe('network_error');
    const garbled = await getUsers({ page: 1, limit: 20, search: '' });
    expect(garbled.data).toEqual([]);
    expect((garbled.failure as ApiError).code).toBe('invalid_response');
  });

  it('a page read has no failure', async () => {
    logIn(['users']);
    stubFetch({
      'GET /api/users': () => json({ data: [ana], pagination: { page: 1, limit: 20, total: 1, pages: 1 } }),
    });
    const page = await getUsers({ page: 1, limit: 20, search: '' });
    expect(page.failure).toBeNull();
    expect(page.data.map((user) => user.name)).toEqual(['Ana Souza']);
  });
});
