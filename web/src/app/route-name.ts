/** The catalogue route name of the screen shown, from the router's `handle` (screens shared by routes). */
import { useMatches } from 'react-router-dom';
import type { CatalogueHandle } from './navigation';

export function isCatalogueHandle(handle: unknown): handle is CatalogueHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as CatalogueHandle).routeName === 'string';
}

/** The route name of the deepest catalogue route matched, or undefined. */
export function useCatalogueRouteName(): string | undefined {
  return useMatches()
    .map((match) => match.handle)
    .findLast(isCatalogueHandle)?.routeName;
}
