/** The customer satisfaction survey: its figures for the productivity screen and its settings. */
export { SatisfactionSection, type SatisfactionSectionProps } from './components/SatisfactionSection';
export { SurveySettingsSection, type SurveySettingsSectionProps } from './components/SurveySettingsSection';
export type { SatisfactionFilters } from './keys';
