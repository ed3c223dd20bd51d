/**
 * The accessibility gate (WCAG 2.2 AA): every route of the catalogue (src/config/route-catalogue.json)
 * and every plain page, in each theme (light, dark, semi-dark) and at 1280 and 390 px, has no
 * serious or critical axe-core violation (e2e/support/axe.ts); so do the dialogs and menus the main
 * screens open. Routes are visited by the administrator of `acme` (every tenant route; the options
 * the plan lacks switched on through the operator API) and by an operator (the back-office's
 * tenants and instances), logged out for the plain pages. A route added to the catalogue and
 * visited by nobody fails the last test.
 *
 * Besides axe: each page has one `<h1>` and the title `"<página> · Back-office"`; the skip link is
 * the first thing Tab reaches and moves the focus to `<main id="conteudo">`; closing a dialog gives
 * the focus back to what opened it; the account button's name holds what it shows; English menus
 * carry `lang="en"` on a pt-BR document.
 *
 * One browser, one page per user, the system's "reduce motion" on (src/theme.ts ends the app's
 * transitions then), so a theme or size change is checked as soon as it is drawn.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import catalogue from '../src/config/route-catalogue.json';
import { ptBR } from '../src/lib/locales/pt-BR';
import {
  changeRole,
  getRole,
  operatorToken,
  restoreRole,
  setTenantFeature,
  tenantFeatures,
  type Role,
} from './support/api';
import { seriousA11yViolations, WCAG22_AA } from './support/axe';
import { DESKTOP, MOBILE, launchBrowser, logIn, openPage, type UserPage } from './support/browser';
import { notBusy, painted } from './support/settle';

const e2e = inject('e2e');

const THEMES = ['light', 'dark', 'semi-dark'] as const;
type Theme = (typeof THEMES)[number];
const SIZES = [
  ['1280', DESKTOP],
  ['390', MOBILE],
] as const;

/**
 * The tests with many checks: about a minute each on an idle machine, more than the suite's 120 s
 * on a busy one (the checks are many, not slow).
 */
const HEAVY = 300_000;

/**
 * `E2E_A11Y_SHOTS=1`: a screenshot of each check (the viewport) in e2e/screenshots/, named
 * `10-<page>-<width>-<theme>.png`, to look at the themes; off by default (time).
 */
const SHOTS = process.env.E2E_A11Y_SHOTS === '1';
const SCREENSHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');

function shotPath(where: string, size: string, theme: Theme): string {
  const slug = where
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return join(SCREENSHOTS_DIR, `10-${slug || 'inicio'}-${size}-${theme}.png`);
}

/** The feature options the catalogue's routes need in acme (its plan, pro, lacks webhooks). */
const OPTIONS = ['analytics', 'reports', 'chatbot', 'campaigns', 'webhooks', 'two_factor'];

let browser: Browser;
let admin: UserPage;
let operator: UserPage;
let adminRole: Role | undefined;
const optionsBefore = new Map<string, boolean>();

/** Every violation found, as `<where> <size> <theme>: <rule> …`; each test fails on its own. */
let findings: string[] = [];
/** How many page × theme × size checks ran (printed at the end). */
let checks = 0;
/** Catalogue paths visited (by anyone), to prove every route was checked. */
const visited = new Set<string>();

function label(name: string): string {
  const labels: Record<string, string> = ptBR.nav.routes;
  return labels[name] ?? name;
}

/**
 * Switches the theme as the preferences menu does (localStorage, then the store re-reads it) and
 * waits, in the page, for the colour scheme to apply and the next frame to be drawn.
 */
async function setTheme(page: Page, theme: Theme): Promise<void> {
  const applied = await page.evaluate(
    async ({ value, scheme }) => {
      localStorage.setItem('theme', value);
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
      const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      const root = document.documentElement;
      for (let tries = 0; tries < 100 && root.getAttribute('data-mantine-color-scheme') !== scheme; tries += 1) {
        await frame();
      }
      await frame();
      return root.getAttribute('data-mantine-color-scheme') === scheme;
    },
    { value: theme, scheme: theme === 'dark' ? 'dark' : 'light' },
  );
  expect(applied, `theme ${theme} applied`).toBe(true);
}

/** Waits for the screen's data: nothing marked busy (the requests' progress bar, skeletons). */
async function settled(page: Page): Promise<void> {
  await painted(page);
  await notBusy(page);
  await painted(page);
}

/**
 * Touch targets under 44 px on a phone (src/theme.ts): icon buttons, close buttons, the burger and
 * pagination under 44 × 44, menu items and navigation links under 44 high; an icon button inside
 * an input is the input's (36 px) and is left out.
 */
async function smallTargets(page: Page, scope?: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = selector ? document.querySelector(selector) : document;
    if (!root) return [];
    const describe = (element: Element, box: DOMRect) =>
      `${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    const small: string[] = [];
    const square =
      '.mantine-ActionIcon-root, .mantine-CloseButton-root, .mantine-Burger-root, .mantine-Pagination-control';
    for (const element of Array.from(root.querySelectorAll(square))) {
      if (element.closest('.mantine-Input-section')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.width < 43.5 || box.height < 43.5) small.push(describe(element, box));
    }
    for (const element of Array.from(root.querySelectorAll('.mantine-Menu-item, .mantine-NavLink-root'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.height < 43.5) small.push(describe(element, box));
    }
    return small;
  }, scope);
}

/**
 * axe in every theme and size, on the page or inside `scope` (a dialog, a menu); violations go to
 * `findings`. Puts the page back in light at 1280 px.
 */
async function checkEverywhere(page: Page, where: string, scope?: string, open?: () => Promise<void>): Promise<void> {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    if (open) {
      // A menu closes when its screen redraws for the other size: open it again.
      await page.keyboard.press('Escape');
      await painted(page);
      await open();
    }
    for (const theme of THEMES) {
      await setTheme(page, theme);
      if (scope) await page.locator(scope).first().waitFor();
      if (SHOTS) await page.screenshot({ path: shotPath(where, size, theme) });
      if (viewport === MOBILE && theme === 'light') {
        for (const target of await smallTargets(page, scope)) findings.push(`${where} 390: alvo pequeno ${target}`);
      }
      const violations = await seriousA11yViolations(page, scope, WCAG22_AA);
      checks += 1;
      for (const violation of violations) {
        findings.push(
          `${where} ${size} ${theme}: ${violation.id} (${violation.impact}) ${violation.help}\n  ${violation.targets.join('\n  ')}`,
        );
      }
    }
  }
  if (open) await page.keyboard.press('Escape');
  await page.setViewportSize(DESKTOP);
  await setTheme(page, 'light');
}

/** Opens the menu of the button named `button` and checks inside it everywhere. */
async function checkMenu(page: Page, button: string | RegExp): Promise<void> {
  const open = async () => {
    await page.getByRole('button', { name: button, exact: typeof button === 'string' }).click();
    await page.locator('[role="menu"]').first().waitFor();
    await painted(page);
  };
  await checkEverywhere(page, `menu "${String(button)}"`, '[role="menu"]', open);
}

/**
 * Opens `path` and waits for its data, then checks the page's title and its one h1. Within the app
 * the router navigates (as a link would), without reloading the page: faster, and axe stays loaded.
 */
async function visit(page: Page, path: string, title: string): Promise<void> {
  const expected = `${title} · Back-office`;
  const inApp = await page.evaluate(() => document.getElementById('root')?.childElementCount ?? 0).catch(() => 0);
  if (inApp > 0) {
    await page.evaluate((target) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(path);
  }
  await page.waitForFunction((value) => document.title === value, expected).catch(() => undefined);
  await page.locator('h1').first().waitFor();
  await settled(page);
  expect(new URL(page.url()).pathname, `path of ${path}`).toBe(path);
  expect(await page.title(), `title of ${path}`).toBe(expected);
  expect(await page.locator('h1').count(), `h1 of ${path}`).toBe(1);
  // Badges read in sentence case, never shouted in capitals (theme.ts).
  const shouting = await page
    .locator('.mantine-Badge-root')
    .evaluateAll((badges) => badges.filter((b) => getComputedStyle(b).textTransform === 'uppercase').length);
  expect(shouting, `uppercase badges on ${path}`).toBe(0);
}

/** Visits a catalogue route and checks it everywhere. */
async function checkRoute(page: Page, name: string, path: string): Promise<void> {
  await visit(page, path, label(name));
  await checkEverywhere(page, path);
  visited.add(name);
}

/** The dialog open now. */
function dialog(page: Page) {
  return page.locator('[role="dialog"]');
}

/**
 * Opens a dialog with `open`, checks inside it everywhere, closes it with Escape and checks that
 * the focus went back to `trigger` (the button that opened it, or the menu's button).
 */
async function checkDialog(page: Page, name: string, open: () => Promise<void>, trigger: string): Promise<void> {
  await open();
  await dialog(page).first().waitFor();
  await settled(page);
  await checkEverywhere(page, `dialog "${name}"`, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await dialog(page).first().waitFor({ state: 'detached' });
  await painted(page);
  const focused = await page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '',
  );
  expect(focused, `focus after closing "${name}"`).toBe(trigger);
}

/** Clicks `menuItem` in the menu of the row button named `rowButton`. */
async function fromMenu(page: Page, rowButton: string, menuItem: string): Promise<void> {
  await page.getByRole('button', { name: rowButton, exact: true }).click();
  await page.getByRole('menuitem', { name: menuItem, exact: true }).click();
}

/** The names of the items in the menu of the button named `rowButton` (the menu closed again). */
async function menuItems(page: Page, rowButton: string): Promise<string[]> {
  await page.getByRole('button', { name: rowButton, exact: true }).click();
  const menu = page.locator('[role="menu"]').first();
  await menu.waitFor();
  const names = await menu.getByRole('menuitem').allTextContents();
  // Pressed on the menu itself: a page-level Escape sent while the dropdown was still taking
  // focus (its opening transition) was sometimes lost and the menu stayed open (CI, 64d8719).
  await menu.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return names.map((name) => name.trim());
}

/** Every dialog the row menu of `rowButton` opens: each item of the menu, checked in turn. */
async function checkRowDialogs(page: Page, rowButton: string): Promise<void> {
  const items = await menuItems(page, rowButton);
  expect(items.length, `items of ${rowButton}`).toBeGreaterThan(0);
  for (const item of items) {
    await checkDialog(page, `${item} (${rowButton})`, () => fromMenu(page, rowButton, item), rowButton);
  }
}

function expectNoFindings(): void {
  const found = findings;
  findings = [];
  expect(found, found.join('\n')).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  // acme's administrador holds every route; its plan lacks webhooks.
  const token = await operatorToken(e2e);
  const features = await tenantFeatures(e2e, token, e2e.tenant);
  for (const option of OPTIONS) {
    const enabled = features.find((feature) => feature.option === option)?.enabled ?? false;
    optionsBefore.set(option, enabled);
    if (!enabled) await setTenantFeature(e2e, token, e2e.tenant, option, true);
  }
  const tenantRoutes = catalogue.routes.map((route) => route.name).filter((name) => name !== 'tenants');
  adminRole = await changeRole(e2e, 'administrador', { grant: tenantRoutes });
});

afterAll(async () => {
  await browser?.close();
  if (adminRole) await restoreRole(e2e, adminRole);
  if (optionsBefore.size > 0) {
    const token = await operatorToken(e2e);
    for (const [option, enabled] of optionsBefore) {
      if (!enabled) await setTenantFeature(e2e, token, e2e.tenant, option, false);
    }
  }
  console.log(`[a11y] ${checks} verificações (página × tema × largura), ${visited.size} rotas do catálogo`);
});

describe('accessibility gate (WCAG 2.2 AA)', () => {
  it('plain pages, logged out: login and the error pages', async () => {
    const visitor = await openPage(browser, e2e.baseUrl, { reducedMotion: 'reduce' });
    const pages = [
      ['/login', 'Entrar'],
      ['/pages/error-404', 'Página não encontrada'],
      ['/pages/error-500', 'Algo deu errado'],
      ['/pages/not-authorized', 'Acesso não autorizado'],
      ['/pages/comingsoon', 'Em breve'],
    ] as const;
    for (const [path, title] of pages) {
      await visit(visitor.page, path, title);
      await checkEverywhere(visitor.page, path);
    }
    // The gate sees what it should: text under 4.5:1 put on the page is a serious violation.
    await visitor.page.evaluate(() => {
      const probe = document.createElement('p');
      probe.id = 'a11y-probe';
      probe.textContent = 'Texto claro demais';
      probe.style.color = '#c8c8c8';
      document.querySelector('main')?.append(probe);
    });
    const probed = await seriousA11yViolations(visitor.page);
    expect(probed.map((violation) => violation.id)).toContain('color-contrast');
    await visitor.page.evaluate(() => document.getElementById('a11y-probe')?.remove());
    // An unknown path lands on the 404 page, titled as such.
    await visitor.page.goto('/nao-existe');
    await visitor.page.waitForURL((url) => url.pathname === '/pages/error-404');
    await expect.poll(() => visitor.page.title()).toBe('Página não encontrada · Back-office');
    await visitor.context.close();
    expect(visitor.errors).toEqual([]);
    expectNoFindings();
  });

  it("every route of acme's administrator, in each theme and size", { timeout: HEAVY }, async () => {
    admin = await openPage(browser, e2e.baseUrl, { reducedMotion: 'reduce' });
    await logIn(admin.page, e2e.admin.email, e2e.admin.password);
    const attendant = await getRole(e2e, 'atendente');
    for (const route of catalogue.routes) {
      if (route.name === 'tenants') continue; // the back-office's operators only (below)
      const path = route.path.replace(':id', String(attendant.id));
      await checkRoute(admin.page, route.name, path);
    }
    expect(admin.errors).toEqual([]);
    expectNoFindings();
  });

  it('the skip link, the mobile navigation, the header menus and the account button', async () => {
    const { page } = admin;
    await visit(page, '/users', label('users'));
    // The skip link is the first stop of Tab, shows on focus, and moves the focus to <main>.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0, 'skip link visible on focus').toBe(true);
    if (SHOTS) await page.screenshot({ path: join(SCREENSHOTS_DIR, '10-pular-para-o-conteudo.png') });
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('conteudo');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    expect(new URL(page.url()).pathname).toBe('/users');
    // The next Tab stays inside the screen.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('conteudo')?.contains(document.activeElement))).toBe(true);

    // The account button's name holds what it shows (WCAG 2.5.3), at both sizes.
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await painted(page);
      const account = page.getByRole('button', { name: /^Conta/ });
      const shown = await account.evaluate((button) =>
        Array.from(button.querySelectorAll('*'))
          .filter((element) => element.children.length === 0 && !element.closest('.mantine-VisuallyHidden-root'))
          .filter((element) => (element as HTMLElement).offsetWidth > 0)
          .map((element) => element.textContent?.trim() ?? '')
          .filter(Boolean)
          .join(' '),
      );
      expect(shown.length).toBeGreaterThan(0);
      const snapshot = await account.ariaSnapshot();
      expect(snapshot, `account button at ${viewport.width}px`).toContain(shown);
      const size = await account.boundingBox();
      expect(size && size.width >= 44 && size.height >= 44, 'account button 44 × 44').toBe(true);
    }
    await page.setViewportSize(DESKTOP);

    // The header's menus and the phone's navigation, open.
    await checkMenu(page, /^Conta/);
    await checkMenu(page, 'Tema · Layout · Idioma');
    await checkMenu(page, /^Status: /);
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('navigation', { name: 'Navegação principal' }).waitFor();
    for (const theme of THEMES) {
      await setTheme(page, theme);
      const violations = await seriousA11yViolations(page, undefined, WCAG22_AA);
      checks += 1;
      for (const violation of violations)
        findings.push(`mobile navigation ${theme}: ${violation.id} ${violation.targets.join(' ')}`);
      // Phones get 44 px targets: the menu's links and the header's buttons.
      const small = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('nav a, header button'))
          .filter((element) => element.offsetWidth > 0)
          .map((element) => ({
            name: element.getAttribute('aria-label') ?? element.textContent,
            box: element.getBoundingClientRect(),
          }))
          .filter(({ box }) => box.height < 44 || box.width < 44)
          .map(({ name, box }) => `${name} ${Math.round(box.width)}×${Math.round(box.height)}`),
      );
      expect(small, 'touch targets under 44 px at 390 px').toEqual([]);
    }
    const burger = page.getByRole('button', { name: 'Abrir menu' });
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    await burger.click();
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    await setTheme(page, 'light');
    await page.setViewportSize(DESKTOP);
    expect(admin.errors).toEqual([]);
    expectNoFindings();
  });

  it('English menus are marked lang="en" on a pt-BR document', async () => {
    const { page } = admin;
    await visit(page, '/users', label('users'));
    await page.getByRole('button', { name: 'Tema · Layout · Idioma' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    await expect.poll(() => nav.getAttribute('lang')).toBe('en');
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    // The screen stays pt_BR: its heading and title.
    expect(await page.locator('h1').textContent()).toBe('Usuários');
    expect(await page.title()).toBe('Usuários · Back-office');
    await checkEverywhere(page, '/users (menus em inglês)');
    await page.getByRole('button', { name: 'Theme · Layout · Language' }).click();
    await page.getByRole('menuitem', { name: 'Português (Brasil)' }).click();
    await expect.poll(() => nav.getAttribute('lang')).toBe(null);
    expect(admin.errors).toEqual([]);
    expectNoFindings();
  });

  it("the administrator's dialogs: users, instances, campaigns, webhooks", { timeout: HEAVY }, async () => {
    const { page } = admin;
    await visit(page, '/users', label('users'));
    await checkDialog(
      page,
      'Novo usuário',
      () => page.getByRole('button', { name: 'Novo usuário' }).first().click(),
      'Novo usuário',
    );
    const actions = `Ações de ${e2e.attendant.name}`;
    await page.getByRole('textbox', { name: 'Buscar usuários' }).fill(e2e.attendant.email);
    await page.getByRole('button', { name: actions }).waitFor();
    // The search answered: the other users' rows are gone.
    await page.getByRole('button', { name: `Ações de ${e2e.admin.name}` }).waitFor({ state: 'detached' });
    await settled(page);
    await checkEverywhere(page, '/users (busca)');
    await checkMenu(page, actions);
    await checkRowDialogs(page, actions);

    // The role editor asks before dropping unsaved changes; staying (Escape) keeps them.
    const attendant = await getRole(e2e, 'atendente');
    await visit(page, `/roles/edit/${attendant.id}`, label('roles-edit'));
    const users = page.getByRole('checkbox', { name: /^Usuários/ });
    const before = await users.isChecked();
    await users.setChecked(!before);
    const usersLink = page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Usuários' });
    await checkDialog(page, 'Descartar alterações?', () => usersLink.click(), 'Usuários');
    expect(new URL(page.url()).pathname).toBe(`/roles/edit/${attendant.id}`);
    await users.setChecked(before);

    await visit(page, '/instances', label('instances'));
    await checkDialog(
      page,
      'Nova instância',
      () => page.getByRole('button', { name: 'Nova instância' }).first().click(),
      'Nova instância',
    );

    await visit(page, '/campaigns', label('campaigns'));
    await checkDialog(
      page,
      'Nova campanha',
      () => page.getByRole('button', { name: 'Nova campanha' }).first().click(),
      'Nova campanha',
    );
    await checkDialog(
      page,
      'Ritmo de envio',
      () => page.getByRole('button', { name: 'Ritmo de envio' }).first().click(),
      'Ritmo de envio',
    );

    await visit(page, '/webhooks', label('webhooks'));
    await checkDialog(
      page,
      'Novo endpoint',
      () => page.getByRole('button', { name: 'Novo endpoint' }).first().click(),
      'Novo endpoint',
    );

    // The customers screen (acme has no customer yet: its export and the first group) and the
    // closing reasons (the default template's), with a reason's menu and its dialogs.
    await visit(page, '/customers', label('customers'));
    await checkDialog(
      page,
      'Exportar clientes',
      () => page.getByRole('button', { name: 'Exportar CSV' }).first().click(),
      'Exportar CSV',
    );
    await page.getByRole('tab', { name: 'Grupos' }).click();
    await checkDialog(
      page,
      'Novo grupo de clientes',
      () => page.getByRole('button', { name: 'Novo grupo' }).first().click(),
      'Novo grupo',
    );
    await visit(page, '/closing-reasons', label('closing-reasons'));
    await checkDialog(
      page,
      'Novo motivo de encerramento',
      () => page.getByRole('button', { name: 'Novo motivo' }).first().click(),
      'Novo motivo',
    );
    const reasonActions = 'Ações do motivo Dúvida esclarecida';
    await checkMenu(page, reasonActions);
    await checkRowDialogs(page, reasonActions);
    expect(admin.errors).toEqual([]);
    expectNoFindings();
  });

  it("an operator's screens and dialogs: tenants, instances, home", { timeout: HEAVY }, async () => {
    operator = await openPage(browser, e2e.backofficeUrl, { reducedMotion: 'reduce' });
    const { page } = operator;
    await logIn(page, e2e.operator.email, e2e.operator.password);
    await checkRoute(page, 'tenants', '/tenants');
    await checkRoute(page, 'instances', '/instances');
    await checkRoute(page, 'home', '/');
    await visit(page, '/tenants', label('tenants'));
    await checkDialog(
      page,
      'Novo tenant',
      () => page.getByRole('button', { name: 'Novo tenant' }).first().click(),
      'Novo tenant',
    );
    const actions = `Ações do tenant ${e2e.tenant}`;
    await checkMenu(page, actions);
    await checkRowDialogs(page, actions);
    expect(operator.errors).toEqual([]);
    expectNoFindings();
  });

  it('checked every route of the catalogue', () => {
    const missing = catalogue.routes.map((route) => route.name).filter((name) => !visited.has(name));
    expect(missing).toEqual([]);
    expect(checks).toBeGreaterThan(0);
  });
});
