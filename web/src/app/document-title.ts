/**
 * The document's title (WCAG 2.4.2): `"<página> · Back-office"`, always pt_BR (the screens' language,
 * lib/i18n.ts). The page is named by the deepest route's `handle`: a catalogue route by its label
 * (lib/locales/pt-BR.ts), a plain page by its own title (router.tsx); the root route keeps it.
 */
import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { ptBRRouteLabel } from '../lib/locales/pt-BR';
import type { CatalogueHandle } from './navigation';

/** `handle` of a plain page in the router: the name of the page. */
export interface PlainPageHandle {
  title: string;
}

/** The names of the plain pages (the router's `handle`s) and of the error boundary's page. */
export const PAGE_TITLES = {
  login: 'Entrar',
  comingSoon: 'Em breve',
  notFound: 'Página não encontrada',
  serverError: 'Algo deu errado',
  notAuthorized: 'Acesso não autorizado',
} as const;

export function documentTitle(page: string | null): string {
  return page ? `${page} · Back-office` : 'Back-office';
}

/** The page name of the deepest route that has one. */
function pageName(handles: unknown[]): string | null {
  for (const handle of [...handles].reverse()) {
    if (typeof handle !== 'object' || handle === null) continue;
    if ('routeName' in handle) return ptBRRouteLabel((handle as CatalogueHandle).routeName);
    if ('title' in handle) return (handle as PlainPageHandle).title;
  }
  return null;
}

/** Keeps `document.title` on the page the router shows. */
export function useDocumentTitle(): void {
  const matches = useMatches();
  const title = documentTitle(pageName(matches.map((match) => match.handle)));
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Sets `document.title` to `page`'s while the calling component is shown (the error boundary). */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
