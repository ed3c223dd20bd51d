/**
 * The root route: scroll restoration, the document's title, the initial-load fallback and the
 * last-resort error page.
 */
import { Button, Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, Outlet, ScrollRestoration, useRouteError } from 'react-router-dom';
import { ErrorPage } from '../components/ErrorPage';
import { HOME_ROUTE, routePath } from '../config/paths';
import { isConnectionError } from '../lib/connection';
import { CONNECTION_ERROR_TITLE, ConnectionErrorPage } from './connection-error';
import { PAGE_TITLES, useDocumentTitle, usePageTitle } from './document-title';

export function RootRoute() {
  useDocumentTitle();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export function FullPageLoader() {
  return (
    <Center mih="100dvh">
      <Loader aria-label="Carregando" />
    </Center>
  );
}

/**
 * A screen that threw, or a chunk that did not load (chunk load timeout, docs/contracts.md#constants):
 * show the error page in place.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Offline, or a screen's code that did not arrive: "Sem conexão" with a retry, not the 500 page.
  const offline = isConnectionError(error);
  useEffect(() => {
    if (offline) console.warn('[router] no connection', error);
    else if (!notFound) console.error('[router] route error', error);
  }, [error, notFound, offline]);
  usePageTitle(offline ? CONNECTION_ERROR_TITLE : notFound ? PAGE_TITLES.notFound : PAGE_TITLES.serverError);
  if (offline) return <ConnectionErrorPage />;
  return (
    <ErrorPage
      kind={notFound ? 'not-found' : 'server-error'}
      actions={
        <>
          <Button variant="default" onClick={() => window.location.reload()}>
            Recarregar
          </Button>
          <Button component={Link} to={routePath(HOME_ROUTE)} reloadDocument>
            Ir para o início
          </Button>
        </>
      }
    />
  );
}
