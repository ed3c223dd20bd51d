import { act, renderHook } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, DOCUMENT_LANGUAGE, navigationLang, useNavigationLang } from './i18n';
import { useNavigationLabels, useRouteLabels } from './route-labels';

// The menus speak the language the user picked; the screens and the document stay pt_BR.
describe('i18n', () => {
  afterEach(() => changeLanguage('pt_BR'));

  it('keeps the document in pt-BR whatever language the menus speak', () => {
    expect(document.documentElement.lang).toBe('pt-BR');
    changeLanguage('en');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(DOCUMENT_LANGUAGE).toBe('pt-BR');
    expect(i18n.language).toBe('en');
  });

  it('tags the navigation with its own language only when it differs from the document', () => {
    expect(navigationLang('pt_BR')).toBeUndefined();
    expect(navigationLang('en')).toBe('en');
    expect(navigationLang('pt')).toBe('pt');
  });

  it('follows the picked language in useNavigationLang', () => {
    const { result } = renderHook(() => useNavigationLang());
    expect(result.current).toBeUndefined();
    act(() => changeLanguage('en'));
    expect(result.current).toBe('en');
    act(() => changeLanguage('pt_BR'));
    expect(result.current).toBeUndefined();
  });

  it('translates the menus but not the screens', () => {
    changeLanguage('en');
    const navigation = renderHook(() => useNavigationLabels()).result.current;
    const page = renderHook(() => useRouteLabels()).result.current;
    expect(navigation.routeLabel('users')).toBe('Users');
    expect(navigation.categoryLabel({ id: 'administracao', label: 'Administração' })).toBe('Administration');
    expect(page.routeLabel('users')).toBe('Usuários');
    expect(page.categoryLabel({ id: 'administracao', label: 'x' })).toBe('Administração');
    expect(page.routeLabel('rota-nova')).toBe('rota-nova');
    expect(page.categoryLabel({ id: 'nova', label: 'Nova' })).toBe('Nova');
  });
});
