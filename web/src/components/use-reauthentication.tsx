/**
 * Proof of presence on demand (lib/reauthentication.ts): `reauthenticate(call)` runs the call
 * without a password; when the server answers `reauthentication_required`, it opens the "Confirme a
 * sua senha" modal and runs the same call again with `currentPassword`. A wrong password
 * (`invalid_current_password`) shows under the field and the modal stays open; too many attempts
 * (429) show above it. The promise settles with the retry's answer, with any other failure of the
 * retry (the caller shows it as it would have), or with `ReauthenticationCancelled` when the person
 * closes the modal. With a fresh login the first call succeeds and no modal shows.
 *
 * Render `modal` once where the hook is used. Give `reauthenticate` to the mutation's function, not
 * the password to its variables: TanStack Query keeps a mutation's variables.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  currentPasswordError,
  isReauthenticationRequired,
  rateLimitedMessage,
  ReauthenticationCancelled,
  type Reauthenticate,
  type ReauthenticatedCall,
} from '../lib/reauthentication';
import { ReauthenticationModal } from './ReauthenticationModal';

const EMPTY_PASSWORD = 'Informe a sua senha atual.';

interface Pending {
  call: ReauthenticatedCall<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface UseReauthenticationOptions {
  /** The modal's explanation (default: changing the person's own two-factor). */
  description?: string;
}

export interface Reauthentication {
  reauthenticate: Reauthenticate;
  /** The password modal is open (a screen may hide its own dialog meanwhile). */
  opened: boolean;
  /** The modal; render it once. */
  modal: ReactNode;
}

export function useReauthentication({ description }: UseReauthenticationOptions = {}): Reauthentication {
  const pending = useRef<Pending | null>(null);
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const close = useCallback(() => {
    pending.current = null;
    setOpened(false);
    setError(null);
    setAlert(null);
  }, []);

  // A screen that goes away with the modal open cancels what it asked.
  useEffect(
    () => () => {
      const left = pending.current;
      pending.current = null;
      left?.reject(new ReauthenticationCancelled());
    },
    [],
  );

  const reauthenticate = useCallback<Reauthenticate>(
    <T,>(call: ReauthenticatedCall<T>) =>
      call({}).catch((failure: unknown) => {
        if (!isReauthenticationRequired(failure)) throw failure;
        return new Promise<T>((resolve, reject) => {
          // One question at a time: an earlier one still open is cancelled.
          pending.current?.reject(new ReauthenticationCancelled());
          pending.current = { call, resolve: resolve as (value: unknown) => void, reject };
          setError(null);
          setAlert(null);
          setOpened(true);
        });
      }),
    [],
  );

  async function submit(password: string) {
    const current = pending.current;
    if (current === null) return;
    if (password === '') {
      setError(EMPTY_PASSWORD);
      return;
    }
    setSubmitting(true);
    setError(null);
    setAlert(null);
    try {
      const answer = await current.call({ currentPassword: password });
      if (pending.current === current) close();
      current.resolve(answer);
    } catch (failure) {
      if (pending.current !== current) {
        current.reject(failure);
        return;
      }
      const passwordError = currentPasswordError(failure);
      const limited = rateLimitedMessage(failure);
      if (passwordError !== null) setError(passwordError);
      else if (limited !== null) setAlert(limited);
      else {
        close();
        current.reject(failure);
      }
    } finally {
      setSubmitting(false);
    }
  }

  function cancel() {
    const current = pending.current;
    close();
    current?.reject(new ReauthenticationCancelled());
  }

  return {
    reauthenticate,
    opened,
    modal: (
      <ReauthenticationModal
        opened={opened}
        description={description}
        error={error}
        alert={alert}
        submitting={submitting}
        onSubmit={submit}
        onEdit={() => setError(null)}
        onCancel={cancel}
      />
    ),
  };
}
