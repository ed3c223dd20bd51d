import { notifications } from '@mantine/notifications';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useRowDrafts } from './use-row-drafts';

interface Errors {
  capacity?: string;
}

function rows() {
  return renderHook(() => useRowDrafts<string, number, Errors>());
}

describe('useRowDrafts', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });

  it('keeps each row’s draft apart; typing takes the row’s errors away, and only its own', () => {
    const { result } = rows();
    expect(result.current.draft('a')).toBeUndefined();
    act(() => {
      result.current.refuse('a', { capacity: 'Capacidade inválida.' });
      result.current.refuse('b', { capacity: 'Outra.' });
    });
    act(() => result.current.edit('a', 3));
    expect(result.current.draft('a')).toBe(3);
    expect(result.current.draft('b')).toBeUndefined();
    expect(result.current.errors('a')).toBeUndefined();
    expect(result.current.errors('b')).toEqual({ capacity: 'Outra.' });
  });

  it('setDraft leaves the row’s errors; forget drops draft and errors once saved', () => {
    const { result } = rows();
    act(() => result.current.refuse('a', { capacity: 'Capacidade inválida.' }));
    act(() => result.current.setDraft('a', 4));
    expect(result.current.errors('a')).toEqual({ capacity: 'Capacidade inválida.' });
    act(() => result.current.forget('a'));
    expect(result.current.draft('a')).toBeUndefined();
    expect(result.current.errors('a')).toBeUndefined();
  });

  it('says which row is saving', () => {
    const { result } = rows();
    act(() => result.current.setSaving('a'));
    expect(result.current.isSaving('a')).toBe(true);
    expect(result.current.isSaving('b')).toBe(false);
    act(() => result.current.setSaving(null));
    expect(result.current.isSaving('a')).toBe(false);
  });

  it('a refusal puts its field messages under the row and the rest in a red toast', () => {
    const { result } = rows();
    act(() =>
      result.current.fail('a', { fields: { capacity: 'De 1 a 50.' }, general: null }, 'Não foi possível salvar'),
    );
    expect(result.current.errors('a')).toEqual({ capacity: 'De 1 a 50.' });
    expect(notifications.show).not.toHaveBeenCalled();
    act(() => result.current.fail('a', { fields: {}, general: 'Sem conexão.' }, 'Não foi possível salvar'));
    expect(result.current.errors('a')).toEqual({});
    expect(notifications.show).toHaveBeenCalledWith({
      color: 'red',
      title: 'Não foi possível salvar',
      message: 'Sem conexão.',
    });
  });
});
