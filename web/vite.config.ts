/// <reference types="vitest/config" />
// Vite build + dev server + Vitest configuration of the back-office web app.
//
// `npm run dev` proxies the server's three entry points to the Rust server. `changeOrigin: false`
// keeps the browser's Host header (e.g. `demo.localhost:5173`), because the server resolves the
// tenant from the first label of the Host (docs/tenancy.md): rewriting it would log everyone into the
// default tenant.
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const SERVER = 'http://127.0.0.1:8080';

const toServer: ProxyOptions = { target: SERVER, changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': toServer,
      '/graphql': toServer,
      // GraphQL is also served at /{tenant}/graphql (docs/contracts.md#api-calls).
      '^/[a-z0-9-]+/graphql$': toServer,
      '/ws': { ...toServer, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json lets `npm run size` compute what /login loads.
    manifest: true,
    sourcemap: false,
    // Every supported browser preloads modules natively: the polyfill would only cost /login bytes.
    modulePreload: { polyfill: false },
  },
  test: {
    // Unit tests only; the end-to-end tests (e2e/) have their own config (`npm run e2e`).
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
    // A form test that types a dozen fields through user-event takes 3–6 s in jsdom on a 2-core
    // runner (the instance form's cloud and gateway cases, the router's walk over every screen):
    // Vitest's 5 s default failed them on time alone, their assertions holding.
    testTimeout: 15_000,
    // Vitest's default leaves a core for itself: one worker on a 2-core runner. Its own share is
    // small; with both cores the 189 files took 383 s instead of 608 (2026-12-07, docs/testing.md).
    maxWorkers: '100%',
  },
});
