/**
 * Everything around the router: Mantine (theme and its contrast-safe colours, colour scheme from
 * the preferences), the date fields' language (`DatesProvider`, pt-br: components/DateField.tsx,
 * which also loads dayjs' pt-br, so /login carries neither) and the global loading state. TanStack Query and the notifications
 * host live in the navigation layout (every screen that uses them is inside it), which keeps what
 * /login loads small.
 */
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { GlobalLoading } from '../components/GlobalLoading';
import { DATES_SETTINGS } from '../lib/dates';
import { usePreferences } from '../lib/preferences';
import { cssVariablesResolver, theme } from '../theme';

export function AppProvider({ children }: { children: ReactNode }) {
  const { theme: themeName } = usePreferences();
  return (
    // semi-dark is the light scheme with a dark navigation surface (see navigation-layout.module.css).
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme={themeName === 'dark' ? 'dark' : 'light'}
    >
      <DatesProvider settings={DATES_SETTINGS}>
        <GlobalLoading />
        {children}
      </DatesProvider>
    </MantineProvider>
  );
}
