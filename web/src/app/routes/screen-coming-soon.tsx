/** A catalogue route whose screen is not built yet (navigation layout): says so, by name. */
import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ComingSoon } from '../../components/ComingSoon';
import { HOME_ROUTE, routePath } from '../../config/paths';
import { useRouteLabels } from '../../lib/route-labels';
import { useCatalogueRouteName } from '../route-name';

export function Component() {
  const { routeLabel } = useRouteLabels();
  const name = useCatalogueRouteName();
  return (
    <ComingSoon
      screen={name ? routeLabel(name) : undefined}
      actions={
        <Button component={Link} to={routePath(HOME_ROUTE)} variant="light">
          Voltar ao início
        </Button>
      }
    />
  );
}
