/**
 * i18next set-up. Languages are named as the product names them (pt_BR, pt, en) in preferences and
 * mapped to BCP 47 tags for i18next and <html lang>. Navigation and header labels are translated;
 * screen content is pt_BR (the product's language).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import { pt } from './locales/pt';
import { ptBR } from './locales/pt-BR';
import { getPreferences, setPreference, type Language } from './preferences';

export const LANGUAGE_TAGS: Record<Language, string> = { pt_BR: 'pt-BR', pt: 'pt', en: 'en' };

/** Each language written in itself, for the language menu. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  pt_BR: 'Português (Brasil)',
  pt: 'Português',
  en: 'English',
};

const initial = LANGUAGE_TAGS[getPreferences().language];

void i18n.use(initReactI18next).init({
  resources: {
    'pt-BR': { translation: ptBR },
    pt: { translation: pt },
    en: { translation: en },
  },
  lng: initial,
  fallbackLng: 'pt-BR',
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = initial;

export function changeLanguage(language: Language): void {
  setPreference('language', language);
  const tag = LANGUAGE_TAGS[language];
  document.documentElement.lang = tag;
  void i18n.changeLanguage(tag);
}
