/**
 * The specification's failure semantics (§8, docs/contracts.md#error-messages) for the calls that
 * answer true or false: user alter, delete, add, email change and name change. The API function
 * answers `true` or `false` and never throws; why it answered false — the `ApiError` with the
 * server's pt_BR `message` and field errors — goes to the `onFailure` its caller passes, so a
 * screen can still show it.
 */

/** Receives the failure behind a `false` (an `ApiError`, or whatever the call threw). */
export type OnFailure = (error: unknown) => void;

/** Runs `call`: true when it succeeded; false when it failed, the failure handed to `onFailure`. */
export async function trueOrFalse(call: () => Promise<unknown>, onFailure?: OnFailure): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    onFailure?.(error);
    return false;
  }
}

/**
 * For a mutation over a true/false call: resolves on `true`, rejects on `false` with the failure the
 * call reported, so the screen's error handling (the server's message, the field errors) is the
 * same as for any failed mutation.
 */
export async function rejectUnlessTrue<I>(
  call: (input: I, onFailure: OnFailure) => Promise<boolean>,
  input: I,
): Promise<void> {
  let failure: unknown = null;
  const ok = await call(input, (error) => {
    failure = error;
  });
  if (ok) return;
  // The HTTP client's failures are ApiErrors; anything else still rejects with an Error.
  throw failure instanceof Error ? failure : new Error('A operação não foi concluída.', { cause: failure });
}
