/** Pure helpers of the role editor: the set of checked route names, per category. */

export type CategoryCheck = 'all' | 'some' | 'none';

/** How many of the category's routes are checked. */
export function categoryCheck(selected: ReadonlySet<string>, routeNames: readonly string[]): CategoryCheck {
  const count = routeNames.filter((name) => selected.has(name)).length;
  if (count === 0) return 'none';
  return count === routeNames.length ? 'all' : 'some';
}

/** Checks (or unchecks) every route of a category: the category's "select all". */
export function setCategory(
  selected: ReadonlySet<string>,
  routeNames: readonly string[],
  checked: boolean,
): Set<string> {
  const next = new Set(selected);
  for (const name of routeNames) {
    if (checked) next.add(name);
    else next.delete(name);
  }
  return next;
}

export function setRoute(selected: ReadonlySet<string>, name: string, checked: boolean): Set<string> {
  return setCategory(selected, [name], checked);
}

/**
 * The checked names as the list to send, in catalogue order (`order`), followed by any name the
 * catalogue does not list (kept as the role had it; the server decides whether it is valid).
 */
export function toPermissionList(selected: ReadonlySet<string>, order: readonly string[]): string[] {
  const known = order.filter((name) => selected.has(name));
  const unknown = [...selected].filter((name) => !order.includes(name));
  return [...known, ...unknown];
}

/** True when both hold the same names, whatever the order. */
export function sameRoutes(a: ReadonlySet<string>, b: readonly string[]): boolean {
  return a.size === new Set(b).size && b.every((name) => a.has(name));
}
