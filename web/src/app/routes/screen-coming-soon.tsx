/** A catalogue route whose screen is not built yet (navigation layout): says so, by name. */
import { Button } from '@mantine/core';
import { Link, useMatches } from 'react-router-dom';
import { ComingSoon } from '../../components/ComingSoon';
import { HOME_ROUTE, routePath } from '../../config/paths';
import { useRouteLabels } from '../../lib/route-labels';
import type { CatalogueHandle } from '../navigation';

function isCatalogueHandle(handle: unknown): handle is CatalogueHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as CatalogueHandle).routeName === 'string';
}

export function Component() {
  const { routeLabel } = useRouteLabels();
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isCatalogueHandle);
  return (
    <ComingSoon
      screen={handle ? routeLabel(handle.routeName) : undefined}
      actions={
        <Button component={Link} to={routePath(HOME_ROUTE)} variant="light">
          Voltar ao início
        </Button>
      }
    />
  );
}
