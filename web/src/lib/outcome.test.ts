import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { rejectUnlessTrue, trueOrFalse, type OnFailure } from './outcome';

// The specification's §8: user alter, delete, add, email change and name change return true or false.
describe('true/false calls', () => {
  it('answers true when the call succeeds, without reporting anything', async () => {
    const failures: unknown[] = [];
    await expect(
      trueOrFalse(
        () => Promise.resolve({ id: 1 }),
        (error) => failures.push(error),
      ),
    ).resolves.toBe(true);
    expect(failures).toEqual([]);
  });

  it('answers false when the call fails, never throws, and hands the failure to onFailure', async () => {
    const refused = new ApiError(422, 'email_taken', 'Este email já está em uso.');
    const failures: unknown[] = [];
    await expect(
      trueOrFalse(
        () => Promise.reject(refused),
        (error) => failures.push(error),
      ),
    ).resolves.toBe(false);
    expect(failures).toEqual([refused]);
    // Without onFailure too.
    await expect(trueOrFalse(() => Promise.reject(refused))).resolves.toBe(false);
  });

  it('a mutation over a true/false call resolves on true and rejects with the reported failure on false', async () => {
    const refused = new ApiError(422, 'cannot_delete_self', 'Você não pode excluir o seu próprio usuário.');
    const call = (id: number, onFailure: OnFailure) => {
      if (id === 1) return Promise.resolve(true);
      onFailure(refused);
      return Promise.resolve(false);
    };
    await expect(rejectUnlessTrue(call, 1)).resolves.toBeUndefined();
    await expect(rejectUnlessTrue(call, 2)).rejects.toBe(refused);
    // A false without a failure reported still rejects with an Error.
    await expect(rejectUnlessTrue(() => Promise.resolve(false), 3)).rejects.toThrow('A operação não foi concluída.');
  });
});
