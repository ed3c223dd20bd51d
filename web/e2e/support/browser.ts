/**
 * Headless Chromium (Debian's package, never a downloaded build) through playwright-core, and the
 * helpers every end-to-end test uses: a page per user, login, menu look-ups, and screenshots of
 * each screen at desktop (1280×800) and mobile (390×844) sizes.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { settle } from './settle';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
const SCREENSHOTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Chromium headless; `extraArgs` e.g. its fake microphone (16-media). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export interface UserPage {
  context: BrowserContext;
  page: Page;
  /**
   * Uncaught page errors and browser console errors seen so far (Content-Security-Policy violations
   * included: see `REPORT_CSP_VIOLATIONS`). The browser's own
   * "Failed to load resource: ... status of 4xx" lines are left out: they are the API's answers to
   * what a test provokes on purpose (a wrong password, a refused change), and the test checks
   * what the screen shows for them; they are kept in `refusedRequests`.
   */
  errors: string[];
  /** The 4xx resource-load lines left out of `errors`. */
  refusedRequests: string[];
}

const REFUSED_REQUEST = /^Failed to load resource: the server responded with a status of 4\d\d/;
const CSP_VIOLATION = 'CSP violation:';

/**
 * Runs in every page of a context before the app's scripts (injected by the browser, outside the
 * page's Content-Security-Policy): each violation of the policy every answer carries
 * (server/src/edge.rs `content_security_policy`) becomes a console error, so `errors` fails the test.
 */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => {
  console.error('${CSP_VIOLATION} ' + event.violatedDirective + ' ' + event.blockedURI +
    ' (' + event.sourceFile + ':' + event.lineNumber + ')');
});`;

/**
 * The CSP violations of every page opened since the last `takeCspViolations()`: e2e/support/setup.ts
 * fails each test that caused one, also when the test does not look at `errors`.
 */
const cspViolations: string[] = [];

/** Returns the CSP violations seen since the last call, and forgets them. */
export function takeCspViolations(): string[] {
  return cspViolations.splice(0);
}

export interface OpenPageOptions {
  /**
   * 'reduce': the system asks for less motion, so the app's transitions and animations end at once
   * (src/theme.ts); the accessibility gate checks settled screens without waiting for them.
   */
  reducedMotion?: 'reduce' | 'no-preference';
}

/** A fresh browser context (its own localStorage and cookies) with one desktop-sized page. */
export async function openPage(browser: Browser, baseUrl: string, options: OpenPageOptions = {}): Promise<UserPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: DESKTOP,
    locale: 'pt-BR',
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  await context.addInitScript({ content: REPORT_CSP_VIOLATIONS });
  const page = await context.newPage();
  const errors: string[] = [];
  const refusedRequests: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = `${message.text()} (${message.location().url})`;
    if (message.text().startsWith(CSP_VIOLATION)) cspViolations.push(`${page.url()}: ${message.text()}`);
    if (REFUSED_REQUEST.test(message.text())) refusedRequests.push(text);
    else errors.push(`console: ${text}`);
  });
  return { context, page, errors, refusedRequests };
}

/**
 * Saves `<name>-desktop.png` and `<name>-mobile.png` (full page) of what the page shows now, then
 * puts the desktop size back.
 */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(MOBILE);
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-mobile.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await settle(page);
}

/** Fills the login form and submits it (the caller checks where it lands). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** The notification after every successful login (docs/contracts.md#error-messages). */
export const LOGIN_GREETING = { title: 'Logado com sucesso!', message: 'Você entrou na plataforma com sucesso!' };

/**
 * Waits for the login greeting and closes it: it sits at the top right, over what a test clicks
 * next, and stays while the mouse is over it.
 */
export async function dismissLoginGreeting(page: Page): Promise<void> {
  const greeting = toast(page, LOGIN_GREETING.title);
  await greeting.filter({ hasText: LOGIN_GREETING.message }).waitFor();
  await greeting.getByRole('button', { name: 'Fechar aviso' }).click();
  await greeting.waitFor({ state: 'detached' });
}

/**
 * Logs in and waits for the home page: the welcome ("Olá, ...!"), or the inbox for staff (users
 * who serve an instance, administrators and supervisors of a tenant), and the login greeting,
 * which it closes.
 */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname === '/');
  await page
    .getByRole('heading', { name: /^Olá/ })
    .or(page.getByRole('heading', { name: 'Atendimentos', level: 1 }))
    .waitFor();
  await dismissLoginGreeting(page);
}

/** Logs out through the user menu and waits for /login. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Conta' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** The main navigation (side bar; its links are named by their labels even when collapsed). */
export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Navegação principal' });
}

/** Waits until the page's path is `path`. */
export function waitForPath(page: Page, path: string): Promise<void> {
  return page.waitForURL((url) => url.pathname === path);
}

/** The Mantine notification (toast) with this title. */
export function toast(page: Page, title: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: title });
}
