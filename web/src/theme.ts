/** The Mantine theme of the back-office. */
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  /*
   * Screen breakpoints (docs/contracts.md#constants): xs below 576px, sm from 576, md from 768, lg
   * from 992, xl from 1200. A Mantine breakpoint is the width where its range *starts*
   * (`visibleFrom="sm"` is `min-width: sm`), so each name takes the documented starting width, in
   * em of 16px:
   *   sm 576/16 = 36em, md 768/16 = 48em, lg 992/16 = 62em, xl 1200/16 = 75em.
   * xs is everything below sm, so its range starts at 0. (Mantine's defaults put the same pixel
   * values one name lower: xs 36em, sm 48em, ...)
   */
  breakpoints: {
    xs: '0em',
    sm: '36em',
    md: '48em',
    lg: '62em',
    xl: '75em',
  },
});
