/**
 * Vitest set-up: jest-dom matchers, the browser APIs jsdom lacks that Mantine uses, pt_BR
 * validation messages, and a clean localStorage for every test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import '../lib/validation';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Mantine's autosize textarea listens for web fonts loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

beforeEach(() => {
  localStorage.clear();
  // Stores that cache localStorage (session, preferences) re-read it on a storage event.
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
});
afterEach(() => cleanup());
