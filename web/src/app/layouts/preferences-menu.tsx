/** Header menu to switch theme, layout and language (all persisted, lib/preferences). */
import { ActionIcon, Box, Menu, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGE_NAMES, useNavigationLang } from '../../lib/i18n';
import { LANGUAGES, LAYOUTS, setPreference, THEMES, usePreferences } from '../../lib/preferences';

function Check({ on }: { on: boolean }) {
  return on ? <IconCheck size={16} /> : <Box component="span" w={16} />;
}

export function PreferencesMenu() {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const lang = useNavigationLang();
  const title = `${t('header.theme')} · ${t('header.layout')} · ${t('header.language')}`;
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <Tooltip label={title} lang={lang}>
          <ActionIcon variant="default" size="lg" aria-label={title} lang={lang}>
            <IconAdjustmentsHorizontal size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown lang={lang}>
        <Menu.Label>{t('header.theme')}</Menu.Label>
        {THEMES.map((theme) => (
          <Menu.Item
            key={theme}
            leftSection={<Check on={preferences.theme === theme} />}
            onClick={() => setPreference('theme', theme)}
          >
            {t(`header.themes.${theme}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('header.layout')}</Menu.Label>
        {LAYOUTS.map((layout) => (
          <Menu.Item
            key={layout}
            leftSection={<Check on={preferences.layoutType === layout} />}
            onClick={() => setPreference('layoutType', layout)}
          >
            {t(`header.layouts.${layout}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('header.language')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language.replace('_', '-')}
            leftSection={<Check on={preferences.language === language} />}
            onClick={() => changeLanguage(language)}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
