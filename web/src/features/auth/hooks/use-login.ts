/**
 * The login flow: credentials → (two-factor code) → session stored → user info → home (or the
 * two-factor screen when the user's role requires two-factor and it is not on yet), greeted with
 * `Logado com sucesso!` (login-greeting.ts).
 * Plain React state, no TanStack Query: /login runs outside the query provider (bundle budget).
 *
 * Failures (docs/contracts.md#error-messages, login-failure.ts): a refused login call (or
 * two-factor step) shows exactly LOGIN_FAILED_MESSAGE with the lockout hint; a host without a
 * company, too many attempts, no connection and a server failure are said as they are. Every
 * failure clears the *stored* session (token, user info, email); the form keeps the email typed
 * and clears the password. A failure of the user-info call right after a good login says so
 * instead: the password was right.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOME_ROUTE, plainPaths, routePath, TWO_FACTOR_ROUTE, type TwoFactorRouteState } from '../../../config/paths';
import {
  clearSession,
  forgetSessionExpired,
  setAccessToken,
  setOriginBackoffice,
  setPermissionRoutes,
} from '../../../lib/session';
import { setMustChangePassword } from '../../../lib/password-change';
import { getIp } from '../api/get-ip';
import { getUserInfo } from '../api/get-user-info';
import { isTwoFactorRequired, login, type LoginSuccess } from '../api/login';
import { loginTwoFactor } from '../api/login-two-factor';
import { loginFailureOf, UserInfoError, type LoginFailure } from '../login-failure';
import { greetAfterLogin } from '../login-greeting';

export type LoginStep = { kind: 'credentials' } | { kind: 'two-factor'; challenge: string };

export interface Credentials {
  email: string;
  password: string;
}

export interface UseLoginOptions {
  /** Called after a failure, once the stored session is cleared (the form clears its password there). */
  onFailure?: () => void;
}

export function useLogin({ onFailure }: UseLoginOptions = {}) {
  const navigate = useNavigate();
  const [step, setStep] = useState<LoginStep>({ kind: 'credentials' });
  const [error, setError] = useState<LoginFailure | null>(null);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  // Look the address up while the user types, so the submit does not wait for it.
  const ip = useRef<Promise<string | null> | null>(null);
  useEffect(() => {
    ip.current ??= getIp();
  }, []);

  async function completeLogin(success: LoginSuccess): Promise<void> {
    forgetSessionExpired();
    setAccessToken(success.access_token);
    setPermissionRoutes(success.has_permission_routes);
    setOriginBackoffice(success.origin_backoffice);
    try {
      // Logged in means "user info stored" (docs/contracts.md#states-and-transitions), so it is
      // loaded before going home.
      await getUserInfo();
    } catch (cause) {
      console.error('[auth] user info failed after login', cause);
      throw new UserInfoError();
    }
    // "Logado com sucesso!", shown by the first logged-in screen (login-greeting.ts).
    greetAfterLogin();
    setMustChangePassword(success.must_change_password === true);
    if (success.must_change_password) {
      // A temporary password: the server refuses everything else until it is changed (docs/account.md).
      await navigate(plainPaths.changePassword, { replace: true });
      return;
    }
    if (success.two_factor_enrollment_required) {
      // The role requires two-factor: checked routes answer 403 until it is on (docs/auth.md).
      const state: TwoFactorRouteState = { enrollmentRequired: true };
      await navigate(routePath(TWO_FACTOR_ROUTE), { replace: true, state });
      return;
    }
    await navigate(routePath(HOME_ROUTE), { replace: true });
  }

  /** Runs one step; a second submit while one runs (Enter after the auto-submitted code) is ignored. */
  async function run(work: () => Promise<void>): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setError(null);
    try {
      await work();
    } catch (cause) {
      if (!(cause instanceof UserInfoError)) console.warn('[auth] login failed', cause);
      clearSession();
      setStep({ kind: 'credentials' });
      setError(loginFailureOf(cause));
      onFailure?.();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  return {
    step,
    error,
    pending,
    // Fire and forget: `run` settles every failure itself (the error is shown, never thrown).
    submitCredentials: ({ email, password }: Credentials): void => {
      void run(async () => {
        ip.current ??= getIp();
        const answer = await login({ email, password, ip: await ip.current });
        if (isTwoFactorRequired(answer)) {
          setStep({ kind: 'two-factor', challenge: answer.challenge });
          return;
        }
        await completeLogin(answer);
      });
    },
    submitCode: (code: string): void => {
      void run(async () => {
        if (step.kind !== 'two-factor') return;
        await completeLogin(await loginTwoFactor({ challenge: step.challenge, code }));
      });
    },
    backToCredentials: () => {
      setError(null);
      setStep({ kind: 'credentials' });
    },
  };
}
