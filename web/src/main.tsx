/**
 * Entry point: styles, the API base URL, then the app. (i18n and zod's pt_BR validation
 * messages load with the navigation layout: the plain pages are pt_BR only, the login form
 * writes its own messages, and /login stays small.)
 */
import '@mantine/core/styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { env } from './config/env';
import { plainPaths } from './config/paths';
import { setPasswordChangeRequiredHandler, setUnauthorizedHandler } from './lib/http';
import { setMustChangePassword } from './lib/password-change';
import { setBaseUrl } from './lib/session';

setBaseUrl(env.apiBaseUrl);

const router = createAppRouter();

// docs/auth.md#the-401-contract: a 401 that ends the session sends the user to /login (the token is
// already removed; leaving the navigation layout drops the query cache).
setUnauthorizedHandler(() => {
  if (router.state.location.pathname !== plainPaths.login) {
    void router.navigate(plainPaths.login, { replace: true });
  }
});

// docs/account.md: a 403 `password_change_required` sends the person to change the temporary password.
setPasswordChangeRequiredHandler(() => {
  setMustChangePassword(true);
  if (router.state.location.pathname !== plainPaths.changePassword) {
    void router.navigate(plainPaths.changePassword, { replace: true });
  }
});

const container = document.getElementById('root');
if (!container) throw new Error('#root não encontrado em index.html');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
