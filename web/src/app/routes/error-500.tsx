/** /pages/error-500 (plain layout). */
import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorPage } from '../../components/ErrorPage';
import { HOME_ROUTE, routePath } from '../../config/paths';

export function Component() {
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
