/** The root route: scroll restoration, the initial-load fallback and the last-resort error page. */
import { Button, Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, Outlet, ScrollRestoration, useRouteError } from 'react-router-dom';
import { ErrorPage } from '../components/ErrorPage';
import { HOME_ROUTE, routePath } from '../config/paths';

export function RootRoute() {
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
  useEffect(() => {
    if (!notFound) console.error('[router] route error', error);
  }, [error, notFound]);
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
