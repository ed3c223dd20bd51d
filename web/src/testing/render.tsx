/**
 * Renders a component the way the app does: inside MantineProvider (env="test": no transitions),
 * the date fields' pt-br DatesProvider and a fresh QueryClient; `route` wraps it in a memory router.
 */
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/pt-br';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { DATES_SETTINGS } from '../lib/dates';
import { theme } from '../theme';

function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(
    <MantineProvider theme={theme} env="test">
      <DatesProvider settings={DATES_SETTINGS}>
        <QueryClientProvider client={newQueryClient()}>{ui}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>,
  );
}

/** Renders `routes` in a memory router starting at `initialPath`; returns the router too. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = renderWithProviders(<RouterProvider router={router} />);
  return { ...result, router };
}
