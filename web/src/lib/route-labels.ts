/**
 * Labels of catalogue routes and categories. The screens are pt_BR whatever language the user picked
 * (lib/i18n.ts): `useRouteLabels` gives the pt_BR labels, for titles and lists inside a screen (the
 * role editor's routes, the home page's links); `useNavigationLabels` gives them in the active
 * language (`nav.*` of lib/locales), for the menus only.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
// Initialises i18next before any label is translated.
import './i18n';
import { ptBRCategoryLabel, ptBRRouteLabel } from './locales/pt-BR';

/** A category as the catalogue (and the permission API) names it. */
export interface LabelledCategory {
  id: string;
  label: string;
}

const PAGE_LABELS = {
  routeLabel: ptBRRouteLabel,
  categoryLabel: (category: LabelledCategory) => ptBRCategoryLabel(category.id, category.label),
};

/**
 * `routeLabel(name)`: the pt_BR label of a route, the route name itself when it has none;
 * `categoryLabel(category)`: the pt_BR label of a category, else the label it came with. For the
 * content of a screen, which stays pt_BR.
 */
export function useRouteLabels() {
  return PAGE_LABELS;
}

/**
 * The same labels in the language the user picked, for the navigation (side bar, header menus);
 * the element showing them carries `useNavigationLang()` (lib/i18n.ts) as its `lang`.
 */
export function useNavigationLabels() {
  const { t } = useTranslation();
  const routeLabel = useCallback((name: string) => t(`nav.routes.${name}`, { defaultValue: name }), [t]);
  const categoryLabel = useCallback(
    (category: LabelledCategory) => t(`nav.categories.${category.id}`, { defaultValue: category.label }),
    [t],
  );
  return { routeLabel, categoryLabel };
}
