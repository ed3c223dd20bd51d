/**
 * Focus after a menu item (WCAG 2.4.3, focus order): the item's menu gives the focus back to its
 * button before the item acts. A dialog an item opens (a row's "Editar", "Excluir") then returns
 * the focus to that button when it closes; without this it would return it to the item, which the
 * closed menu has removed, and the focus would fall to the top of the page.
 */
import { useEffect } from 'react';

/** The button that opened the menu holding `element` (Mantine names a menu by its button). */
function menuButtonOf(element: Element): HTMLElement | null {
  const menu = element.closest('[role="menu"][aria-labelledby]');
  const id = menu?.getAttribute('aria-labelledby');
  const button = id ? document.getElementById(id) : null;
  return button instanceof HTMLElement ? button : null;
}

/**
 * Listens, while mounted, for activations of menu items (a click, or Enter and Space, which click)
 * and moves the focus to their menu's button first: in the capture phase of the document, before
 * the app's own handlers open a dialog.
 */
export function useMenuFocusReturn(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const item = event.target instanceof Element ? event.target.closest('[role="menuitem"]') : null;
      if (item) menuButtonOf(item)?.focus({ preventScroll: true });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}
