/**
 * Labels of catalogue routes and categories in the active language (`nav.*` of lib/locales).
 * Shared by the navigation (app) and screens that list route names, such as the role editor.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
// Initialises i18next before any label is translated.
import './i18n';

/** A category as the catalogue (and the permission API) names it. */
export interface LabelledCategory {
  id: string;
  label: string;
}

/**
 * `routeLabel(name)`: the translated label of a route, the route name itself when untranslated;
 * `categoryLabel(category)`: the translated label of a category, else the label it came with.
 */
export function useRouteLabels() {
  const { t } = useTranslation();
  const routeLabel = useCallback((name: string) => t(`nav.routes.${name}`, { defaultValue: name }), [t]);
  const categoryLabel = useCallback(
    (category: LabelledCategory) => t(`nav.categories.${category.id}`, { defaultValue: category.label }),
    [t],
  );
  return { routeLabel, categoryLabel };
}
