/**
 * The Mantine theme of the back-office, accessible by default (WCAG 2.2 AA; `e2e/10-a11y.test.ts`
 * runs axe-core on every screen, theme and size): text and filled colours at 4.5:1 or more
 * (`cssVariablesResolver`), a focus ring at 3:1 in both schemes, named close buttons, 44 × 44 px
 * touch targets on phones, and no animation for people who ask their system for less motion.
 */
import { createTheme, defaultCssVariablesResolver, type CSSVariablesResolver, type MantineTheme } from '@mantine/core';
import classes from './theme.module.css';

/**
 * Secondary ("dimmed") text. Mantine's gray-6 on white is 3.3:1 and dark-2 on dark-7 4.0:1; these
 * keep 4.5:1 on every surface they sit on: light 6.1:1 on white, 5.1:1 on gray-2, 4.8:1 on the
 * primary's light tint (indigo-1); dark 6.5:1 on dark-7 (the body), 5.7:1 on dark-6 (cards,
 * inputs), 4.7:1 on dark-5 (hover).
 */
export const DIMMED = { light: '#5c636a', dark: '#a8a8a8' } as const;

/**
 * The focus ring (theme.module.css): the primary shade that keeps 3:1 against the body, indigo-7
 * on white (5.0:1) and indigo-4 on dark-7 (5.2:1); Mantine's ring (the filled primary) is 2.7:1 on
 * the dark body.
 */
const FOCUS_RING = { light: 'var(--mantine-color-indigo-7)', dark: 'var(--mantine-color-indigo-4)' } as const;

export const theme = createTheme({
  primaryColor: 'indigo',
  /*
   * White on the filled primary: indigo-7 is 5.0:1 in the light scheme (Mantine's shade 6 is 4.3:1),
   * indigo-8 5.7:1 in the dark one. The shade also picks every other colour's filled variant (see
   * the resolver for those still under 4.5:1).
   */
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  focusRing: 'auto',
  focusClassName: classes.focus,
  // Transitions (modals, menus, collapses) end at once for people whose system asks for less motion.
  respectReducedMotion: true,
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
  // Plain objects, not `Modal.extend(...)`: importing the components here would put their code in
  // the bundle /login loads.
  components: {
    /*
     * Close buttons have a name screen readers say. Not a bare "Fechar": a dialog's own "Fechar"
     * button (a finished sync, generated webhooks) keeps that name to itself.
     */
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar janela' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar painel' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Fechar aviso' } },
      // The text under a notification's title is gray-6 / dark-2 in Mantine: the dimmed colour instead.
      classNames: { description: classes.notificationDescription },
    },
    // A spinner named "Carregando", "Buscando"…: a name needs a role (a bare span may not have one).
    Loader: { defaultProps: { role: 'status' } },
    // Touch targets of 44 × 44 px below sm (theme.module.css).
    ActionIcon: { classNames: { root: classes.touchTarget } },
    CloseButton: { classNames: { root: classes.touchTarget } },
    Burger: { classNames: { root: classes.touchTarget } },
    Pagination: { classNames: { control: classes.touchTarget } },
    Menu: {
      // Opened, a menu focuses its first item (no focus placeholder: axe refuses a focusable
      // element without a role among a menu's items).
      defaultProps: { withInitialFocusPlaceholder: false },
      classNames: { item: classes.touchItem, dropdown: classes.menuDropdown },
    },
    NavLink: { classNames: { root: classes.touchItem } },
    // Badges in sentence case, as they are written: Mantine's uppercase reads as shouting and
    // hides accents' case (e.g. "Em andamento", not "EM ANDAMENTO").
    Badge: { styles: { root: { textTransform: 'none' } } },
  },
});

/*
 * Every palette colour as text, in the light scheme, at 4.5:1 or more. Mantine draws the light
 * variant (Badge, Alert, Avatar initials, subtle and transparent buttons) as shade 9 on shade 1
 * (shade 2 on hover): 4.3:1 for teal, 3.6:1 for orange, 2.7:1 for yellow. `-light-color` below is
 * at least 4.6:1 on shades 1 and 2 of its colour (shade 9 itself where it reaches that, otherwise
 * shade 9 darkened by the percentage noted). `-text` (`c="red"`) and `-outline` are the filled
 * shade on white in Mantine (red-7 3.9:1, teal-7 2.4:1, yellow-7 1.8:1): here the first shade at
 * 4.6:1 on white and on gray-0, or shade 9 darkened. In the dark scheme Mantine's light variant
 * (shade 0 on a deep tint, 8:1 and more) and `-text` (shade 4 on dark-7) already pass.
 */
const LIGHT_TEXT_COLOURS: Record<string, string> = {
  '--mantine-color-red-light-color': '#af2525', // red-9 −13%
  '--mantine-color-pink-light-color': 'var(--mantine-color-pink-9)',
  '--mantine-color-grape-light-color': 'var(--mantine-color-grape-9)',
  '--mantine-color-violet-light-color': '#5939b8', // violet-9 −6%
  '--mantine-color-indigo-light-color': '#3249b7', // indigo-9 −8%
  '--mantine-color-blue-light-color': '#165b9c', // blue-9 −9%
  '--mantine-color-cyan-light-color': '#0a697a', // cyan-9 −8%
  '--mantine-color-teal-light-color': '#077050', // teal-9 −12%
  '--mantine-color-green-light-color': '#237133', // green-9 −18%
  '--mantine-color-lime-light-color': '#48730a', // lime-9 −22%
  '--mantine-color-yellow-light-color': '#a35400', // yellow-9 −29%
  '--mantine-color-orange-light-color': '#ae3a0c', // orange-9 −20%

  '--mantine-color-red-text': 'var(--mantine-color-red-9)',
  '--mantine-color-pink-text': 'var(--mantine-color-pink-8)',
  '--mantine-color-grape-text': 'var(--mantine-color-grape-8)',
  '--mantine-color-violet-text': 'var(--mantine-color-violet-6)',
  '--mantine-color-indigo-text': 'var(--mantine-color-indigo-7)',
  '--mantine-color-blue-text': 'var(--mantine-color-blue-8)',
  '--mantine-color-cyan-text': 'var(--mantine-color-cyan-9)',
  '--mantine-color-teal-text': 'var(--mantine-color-teal-9)',
  '--mantine-color-green-text': '#28803a', // green-9 −7%
  '--mantine-color-lime-text': '#4e7e0b', // lime-9 −15%
  '--mantine-color-yellow-text': '#af5a00', // yellow-9 −24%
  '--mantine-color-orange-text': '#ca430e', // orange-9 −7%
};

/** `-outline` (outline buttons and badges) takes the text colour of its palette. */
const LIGHT_OUTLINE_COLOURS = Object.fromEntries(
  Object.keys(LIGHT_TEXT_COLOURS)
    .filter((name) => name.endsWith('-text'))
    .map((name) => [name.replace(/-text$/, '-outline'), `var(${name})`]),
);

/*
 * White text on a filled colour (buttons, filled badges), light scheme. Shade 7 (`primaryShade`)
 * passes for indigo, violet, grape and pink; red-7 is 3.8:1, blue-7 4.2:1: the first shade at 4.6:1
 * instead. Green, lime, yellow and orange have none (green-9 is 4.4:1): the app fills with them only
 * where no text sits on them (progress bars, dots).
 */
const LIGHT_FILLED_COLOURS: Record<string, string> = {
  '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
  '--mantine-color-red-filled-hover': '#b12525',
  '--mantine-color-blue-filled': 'var(--mantine-color-blue-8)',
  '--mantine-color-blue-filled-hover': 'var(--mantine-color-blue-9)',
  '--mantine-color-cyan-filled': 'var(--mantine-color-cyan-9)',
  '--mantine-color-cyan-filled-hover': '#0a6475',
  '--mantine-color-teal-filled': 'var(--mantine-color-teal-9)',
  '--mantine-color-teal-filled-hover': '#077050',
};

/** The dark scheme fills with shade 8: white on cyan-8 is 4.3:1, on teal-8 4.0:1; shade 9 passes. */
const DARK_FILLED_COLOURS: Record<string, string> = {
  '--mantine-color-cyan-filled': 'var(--mantine-color-cyan-9)',
  '--mantine-color-cyan-filled-hover': '#0a6475',
  '--mantine-color-teal-filled': 'var(--mantine-color-teal-9)',
  '--mantine-color-teal-filled-hover': '#077050',
};

/**
 * The CSS variables the theme changes from Mantine's (MantineProvider merges them over its own).
 * `--app-focus-ring` is the focus ring's colour (theme.module.css).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED.light,
    '--app-focus-ring': FOCUS_RING.light,
    // Field errors (input text and border, the message under it): Mantine's red-6 is 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...LIGHT_TEXT_COLOURS,
    ...LIGHT_OUTLINE_COLOURS,
    ...LIGHT_FILLED_COLOURS,
  },
  dark: {
    '--mantine-color-dimmed': DIMMED.dark,
    '--app-focus-ring': FOCUS_RING.dark,
    // Field errors: Mantine's red-8 is 3.4:1 on dark-7; red-5 is 4.9:1 on the inputs' dark-6.
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    ...DARK_FILLED_COLOURS,
  },
});

/**
 * Mantine's variables with the theme's changes: what the provider writes, for surfaces that
 * re-apply one scheme's variables inline (the semi-dark navigation).
 */
export function resolvedCssVariables(mantineTheme: MantineTheme) {
  const base = defaultCssVariablesResolver(mantineTheme);
  const own = cssVariablesResolver(mantineTheme);
  return {
    variables: { ...base.variables, ...own.variables },
    light: { ...base.light, ...own.light },
    dark: { ...base.dark, ...own.dark },
  };
}
