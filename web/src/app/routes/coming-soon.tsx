/** /pages/comingsoon (plain layout). */
import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ComingSoon } from '../../components/ComingSoon';
import { HOME_ROUTE, routePath } from '../../config/paths';

export function Component() {
  return (
    <ComingSoon
      actions={
        <Button component={Link} to={routePath(HOME_ROUTE)} variant="light">
          Voltar ao início
        </Button>
      }
    />
  );
}
