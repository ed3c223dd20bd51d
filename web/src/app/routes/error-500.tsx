/**
 * /pages/error-500 (plain layout). While the browser is offline it says so instead, with a retry:
 * "500 Algo deu errado" would send the person looking for a bug that is only the connection. (A
 * screen that fails to load for want of a connection shows the same page in place: root.tsx.)
 */
import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorPage } from '../../components/ErrorPage';
import { HOME_ROUTE, routePath } from '../../config/paths';
import { ConnectionErrorPage } from '../connection-error';

export function Component() {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return <ConnectionErrorPage />;
  return (
    <ErrorPage
      kind="server-error"
      actions={
        <Button component={Link} to={routePath(HOME_ROUTE)}>
          Voltar ao início
        </Button>
      }
    />
  );
}
