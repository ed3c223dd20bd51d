/** The customer satisfaction survey: its figures for the productivity screen and its settings. */
export { SatisfactionSection, type SatisfactionSectionProps } from './components/SatisfactionSection';
export { SurveySettingsSection } from './components/SurveySettingsSection';
export type { SatisfactionFilters } from './keys';
