/**
 * i18next set-up. Languages are named as the product names them (pt_BR, pt, en) in preferences and
 * mapped to BCP 47 tags. Only the navigation and the header's controls are translated; the screens
 * stay pt_BR (the product's language), so the document's language is always pt-BR
 * (`<html lang="pt-BR">`, WCAG 3.1.1) and the translated navigation carries its own `lang`
 * (`useNavigationLang`, WCAG 3.1.2) when the user picked another language.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import { pt } from './locales/pt';
import { ptBR } from './locales/pt-BR';
import { getPreferences, setPreference, usePreferences, type Language } from './preferences';

export const LANGUAGE_TAGS: Record<Language, string> = { pt_BR: 'pt-BR', pt: 'pt', en: 'en' };

/** The language of the document and of every screen's content, whatever the menus speak. */
export const DOCUMENT_LANGUAGE = LANGUAGE_TAGS.pt_BR;

/** Each language written in itself, for the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  pt_BR: 'Português (Brasil)',
  pt: 'Português',
  en: 'English',
};

void i18n.use(initReactI18next).init({
  resources: {
    'pt-BR': { translation: ptBR },
    pt: { translation: pt },
    en: { translation: en },
  },
  lng: LANGUAGE_TAGS[getPreferences().language],
  fallbackLng: DOCUMENT_LANGUAGE,
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = DOCUMENT_LANGUAGE;

/** Switches the navigation's language (the document's stays pt-BR). */
export function changeLanguage(language: Language): void {
  setPreference('language', language);
  void i18n.changeLanguage(LANGUAGE_TAGS[language]);
}

/**
 * The `lang` attribute of an element whose texts come from the translations (the menus, the
 * header's controls): the language's tag when it differs from the document's, otherwise none.
 */
export function navigationLang(language: Language): string | undefined {
  const tag = LANGUAGE_TAGS[language];
  return tag === DOCUMENT_LANGUAGE ? undefined : tag;
}

/** `navigationLang` of the language the user picked. */
export function useNavigationLang(): string | undefined {
  return navigationLang(usePreferences().language);
}
