import { act, renderHook } from '@testing-library/react';
import type { KeyboardEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { slashTrigger } from './quick-reply-match';
import { usePickerDismissal, usePickerNavigation, type PickerNavigationOptions } from './use-inline-picker';

/** A key pressed in the text box, as React hands it (only what the picker reads). */
function key(name: string, shiftKey = false) {
  return {
    key: name,
    shiftKey,
    nativeEvent: { isComposing: false },
    preventDefault: vi.fn(),
    stopPropagation: vi.fn(),
  } as unknown as KeyboardEvent<HTMLTextAreaElement>;
}

const OPTIONS = [{ id: 1 }, { id: 2 }, { id: 3 }];

function navigation(overrides: Partial<PickerNavigationOptions<{ id: number }>> = {}) {
  const onDismiss = vi.fn();
  const onChoose = vi.fn();
  const hook = renderHook((props: Partial<PickerNavigationOptions<{ id: number }>>) =>
    usePickerNavigation({
      open: true,
      trigger: { start: 4 },
      query: 'bo',
      matches: OPTIONS,
      optionKey: (option) => option.id,
      onDismiss,
      onChoose,
      ...overrides,
      ...props,
    }),
  );
  return { ...hook, onDismiss, onChoose };
}

describe('usePickerNavigation', () => {
  it('moves the focus round with ↑/↓ and chooses the option in focus with Enter or Tab', () => {
    const { result, onChoose } = navigation();
    expect(result.current.index).toBe(0);
    act(() => void result.current.onKeyDown(key('ArrowUp')));
    expect(result.current.index).toBe(2);
    act(() => void result.current.onKeyDown(key('ArrowDown')));
    expect(result.current.index).toBe(0);
    act(() => void result.current.onKeyDown(key('ArrowDown')));
    expect(result.current.onKeyDown(key('Enter'))).toBe(true);
    expect(onChoose).toHaveBeenLastCalledWith({ id: 2 });
    expect(result.current.onKeyDown(key('Tab'))).toBe(true);
    expect(onChoose).toHaveBeenCalledTimes(2);
    // Shift+Enter stays a new line.
    expect(result.current.onKeyDown(key('Enter', true))).toBe(false);
  });

  it('closes on Esc at the trigger’s start, and takes no key while closed', () => {
    const { result, onDismiss, rerender, onChoose } = navigation();
    expect(result.current.onKeyDown(key('Escape'))).toBe(true);
    expect(onDismiss).toHaveBeenCalledWith(4);
    rerender({ open: false, matches: [] });
    expect(result.current.onKeyDown(key('Enter'))).toBe(false);
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('starts at the top for a new query; the pointer moves the focus', () => {
    const { result, rerender } = navigation();
    act(() => result.current.hover(2));
    expect(result.current.index).toBe(2);
    rerender({ query: 'bol' });
    expect(result.current.index).toBe(0);
  });

  it('points the text box at the list and at the option in focus while it shows options', () => {
    const { result, rerender } = navigation();
    const { listId } = result.current;
    expect(result.current.textboxProps).toEqual({
      'aria-controls': listId,
      'aria-activedescendant': `${listId}-option-1`,
    });
    expect(result.current.optionId({ id: 3 })).toBe(`${listId}-option-3`);
    rerender({ open: false, matches: [] });
    expect(result.current.textboxProps).toEqual({ 'aria-controls': undefined, 'aria-activedescendant': undefined });
  });
});

describe('usePickerDismissal', () => {
  it('keeps the picker closed for the trigger closed until the text or the caret reach another', () => {
    const { result } = renderHook(() => usePickerDismissal(slashTrigger));
    const at = { start: 3 };
    expect(result.current.isDismissed(at)).toBe(false);
    act(() => result.current.dismiss(3));
    expect(result.current.isDismissed(at)).toBe(true);
    // Still typing the same `/query`.
    act(() => result.current.track('oi /bol', 7));
    expect(result.current.isDismissed(at)).toBe(true);
    // The caret left it.
    act(() => result.current.track('oi /bol x', 9));
    expect(result.current.isDismissed(at)).toBe(false);
  });

  it('after a choice, the trigger the written text ends in stays closed', () => {
    const { result } = renderHook(() => usePickerDismissal(slashTrigger));
    act(() => result.current.dismissAt('veja /link', 10));
    expect(result.current.isDismissed({ start: 5 })).toBe(true);
    act(() => result.current.dismissAt('obrigado ', 9));
    expect(result.current.isDismissed({ start: 5 })).toBe(false);
  });
});
